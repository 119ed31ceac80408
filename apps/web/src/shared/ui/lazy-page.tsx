import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHUNK_LOAD_TIMEOUT_MS } from '@taice/contract';
import { withAllTexts } from '../i18n/i18n';
import { ErrorState, Spinner } from './states';

class ChunkTimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError('chunk load timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function isChunkError(error: unknown): boolean {
  return (
    error instanceof ChunkTimeoutError ||
    (error instanceof Error &&
      /dynamically imported module|importing a module script failed|error loading dynamically/i.test(error.message))
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

class LoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    return error ? <PageError chunk={isChunkError(error)} retry={this.props.onRetry} /> : this.props.children;
  }
}

function PageError({ chunk, retry }: { chunk: boolean; retry: () => void }) {
  const { t } = useTranslation();
  return <ErrorState message={t(chunk ? 'errors.chunkFailed' : 'errors.crashed')} onRetry={retry} />;
}

/**
 * A page in its own script chunk. If the chunk fails or takes longer than
 * 120 s (spec section 9) an error with Retry shows; Retry loads it afresh. The page shows once all the
 * texts of the language are there too, except a page of the first screen (`firstScreen`: its texts load first).
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { firstScreen = false }: { firstScreen?: boolean } = {},
): ComponentType<P> {
  const loadAll = firstScreen ? load : withAllTexts(load);
  const make = () => lazy(() => withTimeout(loadAll(), CHUNK_LOAD_TIMEOUT_MS));
  let Loaded = make();
  return function LazyPage(props: P) {
    const [attempt, setAttempt] = useState(0);
    return (
      <LoadBoundary
        key={attempt}
        onRetry={() => {
          Loaded = make();
          setAttempt((a) => a + 1);
        }}
      >
        <Suspense fallback={<Spinner />}>
          <Loaded {...props} />
        </Suspense>
      </LoadBoundary>
    );
  };
}
