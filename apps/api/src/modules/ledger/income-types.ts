/** The income types that count towards the earning cap: spec 9's "total earnings". */
export const cappedIncomeTypes = ['level_month', 'roi_income', 'reward', 'direct_income', 'salary'] as const;
export type CappedIncomeType = (typeof cappedIncomeTypes)[number];
