import { forwardRef, type ButtonHTMLAttributes } from 'react';
import clsx from 'clsx';
import { LoaderCircle } from 'lucide-react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
  block?: boolean;
}

const variants: Record<Variant, string> = {
  primary: 'bg-accent text-accent-fg hover:brightness-105 active:brightness-95 font-semibold',
  secondary: 'bg-surface-2 text-fg hover:bg-border/70 border border-border',
  ghost: 'text-fg hover:bg-surface-2',
  danger: 'bg-danger text-white hover:brightness-110 font-semibold',
};

const sizes: Record<Size, string> = {
  sm: 'min-h-9 px-3 text-sm rounded-md gap-1.5',
  md: 'min-h-11 px-4 text-base rounded-lg gap-2',
  lg: 'min-h-13 px-6 text-lg rounded-xl gap-2',
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, block = false, className, children, disabled, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      className={clsx(
        'inline-flex items-center justify-center whitespace-nowrap transition select-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        variants[variant],
        sizes[size],
        block && 'w-full',
        className,
      )}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <LoaderCircle className="size-[1.2em] animate-spin" aria-hidden />}
      {children}
    </button>
  );
});
