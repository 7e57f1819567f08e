/** Generated from src/api/openapi.yaml by `npm run gen:api`: the operations marked
 * `x-requires-paid-plan`. Do not edit. */
export const paidOperations = ["applyAiEditStyle","approveFacelessPlan","createClip","retryClip","reviseFacelessPlan","startExport"] as const;
export type PaidOperation = (typeof paidOperations)[number];
