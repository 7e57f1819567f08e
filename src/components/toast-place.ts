import { TOAST_MARGIN, type ToastCorner } from '@/lib/toast-placement.ts';

/** Where the toasts stand: a corner, and for a top corner how far below the app header. */
export interface ToastPlace {
  corner: ToastCorner;
  topInset: number;
}

export const USUAL_PLACE: ToastPlace = { corner: 'bottom-right', topInset: 0 };

export const placeStyle = ({ corner, topInset }: ToastPlace): React.CSSProperties => ({
  [corner.startsWith('bottom') ? 'bottom' : 'top']: corner.startsWith('bottom')
    ? TOAST_MARGIN
    : topInset + TOAST_MARGIN,
  [corner.endsWith('right') ? 'right' : 'left']: TOAST_MARGIN,
});
