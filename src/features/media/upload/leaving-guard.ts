/**
 * While an upload's parts are being sent, leaving the page asks first (the browser's own prompt):
 * it would stop the uploads. Only then: a `beforeunload` listener keeps some browsers from keeping
 * the page in the back/forward cache.
 */
export class LeavingGuard {
  private guarded = false;

  guard(sending: boolean): void {
    if (typeof window === 'undefined' || sending === this.guarded) return;
    this.guarded = sending;
    if (sending) window.addEventListener('beforeunload', askBeforeLeaving);
    else window.removeEventListener('beforeunload', askBeforeLeaving);
  }
}

function askBeforeLeaving(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = '';
}
