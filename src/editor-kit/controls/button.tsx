import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
type Size = 'md' | 'sm';

const sizes: Record<Size, string> = {
  md: 'px-3 py-2',
  // A studio's toolbar row: still a 28 px target.
  sm: 'px-2 py-1',
};

const variants: Record<Variant, string> = {
  primary:
    'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-300 aria-disabled:bg-indigo-300',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400 aria-disabled:text-slate-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300 aria-disabled:bg-red-300',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400 aria-disabled:text-slate-400',
};

/**
 * A button. `pending` (a request it sent is under way) refuses presses like `disabled` but keeps
 * the button focusable: a disabled button drops keyboard focus to the page. Its colours change at
 * once, without a transition: an editor's selection enables and disables a toolbar of them, and
 * each colour transition ran for 150 ms on the compositor (a paint worklet per button) in the
 * frames of the drag that selection started.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  pending = false,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  pending?: boolean;
}) {
  return (
    <button
      type={type}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      className={`inline-flex items-center justify-center gap-2 rounded-md ${sizes[size]} text-sm font-medium disabled:cursor-not-allowed aria-disabled:cursor-progress ${variants[variant]} ${className}`}
      {...props}
    />
  );
}
