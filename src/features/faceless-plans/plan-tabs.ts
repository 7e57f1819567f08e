/** Sections of the plan review, as the `tab` search parameter names them (kept out of the page's chunk). */
export const PLAN_TABS = ['overview', 'storyboard', 'characters', 'costs', 'compare'] as const;
export type PlanTab = (typeof PLAN_TABS)[number];
