import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CallBody, CallDef, CallQuery } from '@taice/contract';
import type { z } from 'zod';
import { ApiError, call } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';
import { useViewerId } from '../../../shared/session/login-gate';
import { usePreferences } from '../../../shared/stores/preferences';
import { notify } from '../../../shared/ui/toast';
import { isRefusal, type AuthStatus } from '../access';
import { opsText, type OpsKey } from '../ops-i18n';

/** Every query of the console starts with this key (the auth status included). */
export const OPS_QUERY_ROOT = ['ops'] as const;
export const AUTH_STATUS_KEY = [...OPS_QUERY_ROOT, 'auth-status'] as const;
export const TOTP_ENROL_KEY = [...OPS_QUERY_ROOT, 'totp-enrol'] as const;

type Def = CallDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;

/**
 * One operator call, silent: the console shows each failure where it belongs. A refusal for want of the second
 * factor (a verification that ran out) marks the session unverified, which brings up the code screen.
 */
export async function opsCall<D extends Def>(
  def: D,
  input: { query?: CallQuery<D>; body?: CallBody<D> },
  signal?: AbortSignal,
): Promise<z.output<D['data']>> {
  try {
    return (await call(def, input as never, { silent: true, signal })) as z.output<D['data']>;
  } catch (error) {
    if (isRefusal(error, 'ops_second_factor_required')) {
      queryClient.setQueriesData<AuthStatus>(
        { queryKey: AUTH_STATUS_KEY },
        (status) => status && { ...status, verified_until: null },
      );
    }
    throw error;
  }
}

/** Tells the operator why an action failed (nothing for the second factor: its screen comes up instead). */
export function reportFailure(error: unknown): void {
  if (isRefusal(error, 'ops_second_factor_required')) return;
  notify.error(error instanceof ApiError ? error.message : i18n.t('errors.requestError'));
}

/**
 * A read of the console, keyed by call, input, language and operator; a new page keeps the old rows until it
 * arrives.
 */
export function useOpsQuery<D extends Def>(
  def: D,
  query?: CallQuery<D>,
  options: { enabled?: boolean; refetchInterval?: (data: z.output<D['data']> | undefined) => number | false } = {},
) {
  const lang = usePreferences((s) => s.lang);
  const viewer = useViewerId();
  return useQuery({
    queryKey: [...OPS_QUERY_ROOT, def.path, query ?? null, lang, viewer],
    queryFn: ({ signal }) => opsCall(def, { query }, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
    refetchInterval: options.refetchInterval && ((q) => options.refetchInterval!(q.state.data)),
  });
}

const accessKeys = new Set<unknown>([AUTH_STATUS_KEY[1], TOTP_ENROL_KEY[1]]);

/** Marks every read of the console stale but the second factor's: an action may change any of them. */
export function refreshConsole(): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: OPS_QUERY_ROOT,
    predicate: (query) => !accessKeys.has(query.queryKey[1]),
  });
}

/**
 * An action of the console. `run` reports a failure itself and resolves to undefined then; a form calls
 * `mutateAsync` to put a refusal on its field. A success says `done` (if given) and refreshes the console.
 */
export function useOpsAction<D extends Def>(def: D, done?: OpsKey) {
  const mutation = useMutation({
    mutationFn: (body: CallBody<D>) => opsCall(def, { body }),
    onSuccess: () => {
      if (done) notify.success(opsText(done));
      return refreshConsole();
    },
  });
  const run = async (body: CallBody<D>): Promise<z.output<D['data']> | undefined> => {
    try {
      return await mutation.mutateAsync(body);
    } catch (error) {
      reportFailure(error);
      return undefined;
    }
  };
  return { ...mutation, run };
}
