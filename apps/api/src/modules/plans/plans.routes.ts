import { amountOut, PlansListResponse } from '@sgx/contracts';
import type { App } from '../../app';

export function plansRoutes(app: App): void {
  const { db } = app.deps;

  app.get(
    '/plans/list',
    { config: { access: 'public' }, schema: { tags: ['plans'], response: { 200: PlansListResponse } } },
    async () => {
      const rows = await db.selectFrom('plans').selectAll().orderBy('monthly_price').execute();
      return {
        allplans: rows.map((p) => ({
          id: Number(p.id),
          name: p.name,
          monthly_price: amountOut(p.monthly_price),
          ROI_day: amountOut(p.roi_day),
          Sponser_bonus: amountOut(p.sponsor_bonus),
          plan_period: p.plan_period,
          description: p.description,
          type: p.type,
          active: p.active,
        })),
      };
    },
  );
}
