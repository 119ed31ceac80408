import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import clsx from 'clsx';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  trailing?: ReactNode;
}

/** A labelled input with its error underneath; passwords get a show/hide toggle. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, trailing, type = 'text', id, className, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const [reveal, setReveal] = useState(false);
  const inputId = id ?? `field-${rest.name ?? label}`;
  const isPassword = type === 'password';
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-muted">
        {label}
      </label>
      <div
        className={clsx(
          'flex items-center rounded-lg border bg-surface-2 focus-within:border-accent',
          error ? 'border-danger' : 'border-border',
        )}
      >
        <input
          ref={ref}
          id={inputId}
          type={isPassword && reveal ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="min-h-11 w-full min-w-0 flex-1 bg-transparent px-3 text-base outline-none placeholder:text-muted/70"
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setReveal((v) => !v)}
            className="grid size-11 place-items-center text-muted hover:text-fg"
            aria-label={reveal ? t('auth.hidePassword') : t('auth.showPassword')}
          >
            {reveal ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
          </button>
        )}
        {trailing}
      </div>
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
