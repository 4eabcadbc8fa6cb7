/** `npm run bench:scale`: the platform rows an operator would have set up before the members came. */
import { parseUnits } from '@sgx/money';
import type { Deps } from '../src/app';
import { launchToken } from '../src/modules/token/launch';

/** Plans, the token, a video, reward ranks and an admin, as an operator would have set them up. */
export async function platform(deps: Deps, passwordHash: string) {
  const db = deps.db;
  await db
    .insertInto('plans')
    .values(
      [
        ['Bronze', '100', '0.5'],
        ['Silver', '1000', '0.6'],
        ['Gold', '5000', '0.7'],
      ].map(([name, price, roi]) => ({
        name: name ?? '',
        monthly_price: parseUnits(price ?? '0'),
        roi_day: parseUnits(roi ?? '0'),
        sponsor_bonus: parseUnits('5'),
        plan_period: 365,
        type: 'investment',
      })),
    )
    .execute();
  await launchToken(db, undefined, { history: false });
  const video = await db
    .insertInto('videos')
    .values({ title: 'Daily video', url: 'https://example.com/v' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ranks = await db
    .insertInto('reward_plans')
    .values(
      [1, 2, 3].map((rank) => ({
        rank,
        title: `Rank ${rank}`,
        threshold: parseUnits(String(10_000 * 5 ** (rank - 1))),
        duration_days: 30,
        reward: parseUnits(String(100 * 5 ** (rank - 1))),
      })),
    )
    .returning('id')
    .execute();
  const admin = await db.transaction().execute((tx) =>
    deps.auth.insertMember(tx, {
      email: 'admin@bench.example',
      fullname: 'Bench Admin',
      phone: null,
      passwordHash,
      sponsorId: null,
      prefix: 'ADM',
      role: 'admin',
    }),
  );
  return { admin: Number(admin), video: Number(video.id), rewardPlan: Number(ranks[0]?.id ?? 0) };
}
