import { amountOut, type ListQuery, type TransactionRecord } from '@sgx/contracts';
import { type CompiledQuery, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db';
import {
  boundedCount,
  COUNT_CAP,
  CSV_LIMIT,
  dayRange,
  estimatedCount,
  estimateRows,
  likePattern,
  locally,
  pastCap,
  seekPaged,
  serially,
} from '../../http/listing';
import { membersNamed, NAMED_CAP } from '../members/member-search';
import { type LedgerBucket, type LedgerFilter, Rollups } from '../rollups/rollups';
import { pieceable, sourcesMayHold } from './memo-pieces';

export type TxFilter = ListQuery & {
  transaction_type?: 'credit' | 'debit' | undefined;
  source?: string | undefined;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * `source=income`: every income entry (an income type is set), whatever its type, so that a list of income
 * is paged and counted by the server rather than filtered from a page of all credits.
 */
export const INCOME = 'income';
/**
 * The ids of every reversed transaction, from the reversals' own small index (migration 0090, decision 0083): only an
 * admin's reversal has kind 'reversal', keyed 'reversal:<the reversed transaction's id>' (transactions.adjust.ts).
 * Read once a statement (a hashed subplan), where a test per row by key made the planner hash the whole ledger.
 */
const reversedIds = sql<bigint>`(SELECT substr(r.idempotency_key, 10)::bigint FROM ledger_transactions r
  WHERE r.kind = 'reversal' AND r.idempotency_key LIKE 'reversal:%')`;
/** The transaction aliased `alias` was reversed. */
const reversedOf = (alias: string) => sql<boolean>`${sql.ref(`${alias}.id`)} IN ${reversedIds}`;
const reversedSql = reversedOf('t');

/** One row per entry on a member's USD wallet. */
function entries(db: Db) {
  return (
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      // An entry carries its transaction's time: joined on it too, a lookup reaches one month's partition (0079).
      .innerJoin('ledger_transactions as t', (j) =>
        j.onRef('t.id', '=', 'e.transaction_id').onRef('t.created_at', '=', 'e.created_at'),
      )
      .innerJoin('users as u', 'u.id', 'a.owner_id')
      .where('a.asset', '=', 'USD')
      .select([
        't.id as transaction_id',
        'a.owner_id as user_id',
        'u.username',
        'u.fullname',
        'e.amount',
        'a.kind as wallet',
        sql<string>`coalesce(t.income_type, t.kind)`.as('source'),
        't.memo',
        't.details',
        't.created_at',
        reversedSql.as('reversed'),
      ])
  );
}
type Entries = ReturnType<typeof entries>;
type Row = Awaited<ReturnType<Entries['execute']>>[number];

/** The filter's conditions on the transaction alone (`t`): its source, status and days. */
function ofTransaction(q: TxFilter) {
  const all = [];
  if (q.source === INCOME) all.push(sql<boolean>`t.income_type IS NOT NULL`);
  else if (q.source) all.push(sql<boolean>`coalesce(t.income_type, t.kind) = ${q.source}`);
  if (q.status === 'reversed') all.push(reversedSql);
  if (q.status === 'completed') all.push(sql<boolean>`NOT ${reversedSql}`);
  const { from, to } = dayRange(q);
  if (from) all.push(sql<boolean>`t.created_at >= ${from}`);
  if (to) all.push(sql<boolean>`t.created_at < ${to}`);
  return all;
}

/** The filter as the rollups count it: entries on members' USD wallets. */
function ledgerFilter(q: TxFilter): LedgerFilter {
  const { from, to } = dayRange(q);
  return {
    asset: 'USD',
    source: q.source === INCOME ? undefined : q.source || undefined,
    income: q.source === INCOME || undefined,
    credit: q.transaction_type === undefined ? undefined : q.transaction_type === 'credit',
    from,
    to,
  };
}

/**
 * The transaction `t` has an entry on a member's USD wallet of that side (a credit, or a debit): a lookup per
 * transaction (OFFSET 0 keeps it one), which the planner would otherwise turn into a join hashing every entry of
 * that side, 2.5 s at 1,000,000 members for a search that found nothing (decision 0087).
 */
const hasMemberEntry = (credit: boolean) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ledger_entries x JOIN ledger_accounts xa ON xa.id = x.account_id
    WHERE x.transaction_id = t.id AND x.created_at = t.created_at AND xa.asset = 'USD' AND xa.owner_id IS NOT NULL
      AND ${credit ? sql`x.amount > 0` : sql`x.amount < 0`} OFFSET 0)`;

/**
 * The memos a search of the whole ledger (an admin's) reads (decision 0085): every kind's but a transfer's. A
 * transfer's memo is the text the posting writes ('transfer from member A to member B', transfer_touser.sql), the
 * commonest memo there is and the dearest to index, so the memo index leaves transfers out (migration 0093). An
 * admin finds a transfer by either party's username, its id or the transfer source; a member's own list, read without
 * that index, searches every memo.
 */
const ledgerMemoMatches = (like: string) => sql<boolean>`(t.kind <> 'transfer' AND t.memo ILIKE ${like})`;

/** A search that is a whole number also finds the transaction of that id. */
const searchedId = (search: string) => (/^(0|[1-9]\d{0,17})$/.test(search) ? BigInt(search) : null);

/**
 * A page whose first row lies this deep inside its hour is read from the hour's nearest mark before it, where the
 * hour has marks (decision 0090: one every thousand rows).
 */
const MARKED_FROM = 1_000;

/**
 * The most transactions a page is read from by id (decision 0084): a span's or a broad search's nearest. A page
 * further in is read by the joined walk, as before.
 */
const NEAR_IDS = 2_000;

/**
 * A source of at most this many rows in the list is walked for a text search's matches without asking whether its
 * memos hold the text; a larger one is asked, first of its newest SAMPLED memos (decision 0088).
 */
const FEW_ROWS = 2_000;
const SAMPLED = 200;
/** An unsure source with at most this many rows nearer than a page's edge is read there in order (decision 0088). */
const WITHIN_ROWS = 5_000;

/** A text the trigram index can look up: three letters or digits in a row (pg_trgm's words). */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** The rows per source of rollup buckets read by source, the sources with none left out. */
const rowsBySource = (buckets: LedgerBucket[]) => {
  const rows = new Map<string, bigint>();
  for (const b of buckets) if (b.entries > 0n) rows.set(b.source, (rows.get(b.source) ?? 0n) + b.entries);
  return rows;
};

/**
 * The sources `nearestMemos` reads (decision 0088). `walked`: read in order, each on its own index. `unsure`: sources
 * whose newest memos do not hold the text; `hasMatch` asks the memo index whether one holds it at all. None for a text
 * whose sources its memo pieces already narrowed (decision 0091).
 */
type MemoSources = {
  walked: string[];
  unsure?: { sources: string[]; hasMatch: (source: string) => Promise<boolean> };
};

/** A search naming at least this many members reads its page a month at a time (`byMonth`). */
const MONTHLY_FROM = 100;

/** The first instant of `at`'s UTC month. */
const monthOf = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
/** The first instant of the UTC month `by` months after (before, negative) the month starting at `m`. */
const nextMonth = (m: Date, by: number) => new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + by, 1));

/** A text search's bounds (tests lower them); `few`, `sampled` and `within` default to FEW_ROWS, SAMPLED, WITHIN_ROWS. */
type Caps = {
  count: number;
  named: number;
  near: number;
  few?: number;
  sampled?: number;
  within?: number;
  marked?: number;
  monthly?: number;
};

/** A rollup bucket's count less the entries `less` says it holds that the list leaves out (day or hour long). */
const lessBy = (b: LedgerBucket, less: (from: Date, span: number) => number): LedgerBucket => {
  const n = less(b.period, b.grain === 'day' ? 24 * HOUR : HOUR);
  return n === 0 ? b : { ...b, entries: b.entries - BigInt(n) };
};

/**
 * Rows in [from, to): said of the transaction and of the entry (the same time, joined on it), because the planner
 * carries an equality across a join but not a range, and the entries' months are pruned by their own column (0079).
 */
const during = (q: Entries, from: Date | undefined, to: Date | undefined): Entries => {
  let r = q;
  if (from) r = r.where('t.created_at', '>=', from).where('e.created_at', '>=', from);
  if (to) r = r.where('t.created_at', '<', to).where('e.created_at', '<', to);
  return r;
};

/** Newest first: by transaction time, then id, then entry. */
const newestFirst = (q: Entries) => q.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').orderBy('e.id');
/** newestFirst exactly reversed (each key the other way round). */
const oldestFirst = (q: Entries) =>
  q.orderBy('t.created_at', 'asc').orderBy('t.id', 'asc').orderBy('e.id', 'desc');

/**
 * The rows of transactions `ids`: said of the entries as well, so that each month's entries are found by their
 * transaction index. Said of the transaction alone, the planner (PostgreSQL 18) prices the joined lookup on
 * (transaction_id, account_id, created_at) as a skip scan over every account and hashes the whole ledger instead:
 * 360 ms for a page of 10 at 1,000,000 members (decision 0084).
 */
const ofIds = (q: Entries, ids: string[]) =>
  q
    .where(sql<boolean>`t.id = ANY(${ids}::bigint[])`)
    .where(sql<boolean>`e.transaction_id = ANY(${ids}::bigint[])`);

/** The list's order, or exactly its reverse. */
const inOrder = (q: Entries, reverse: boolean) => (reverse ? oldestFirst(q) : newestFirst(q));

/** The list's rows with their entry's id, to be merged from several parts. */
const withEntry = (q: Entries) => q.select('e.id as entry_id');

/** Merged rows (`withEntry`) in the list's order, or exactly its reverse. */
function mergedOrder<
  Q extends SelectQueryBuilder<{ m: Row & { entry_id: bigint } }, 'm', Row & { entry_id: bigint }>,
>(q: Q, reverse: boolean): Q {
  const d = reverse ? 'asc' : 'desc';
  return q
    .orderBy('m.created_at', d)
    .orderBy('m.transaction_id', d)
    .orderBy('m.entry_id', reverse ? 'desc' : 'asc') as Q;
}

const toRecord = (r: Row): TransactionRecord => ({
  transaction_id: Number(r.transaction_id),
  user_id: r.user_id === null ? null : Number(r.user_id),
  username: r.username,
  fullname: r.fullname,
  transaction_type: r.amount > 0n ? 'credit' : 'debit',
  source: r.source,
  amount: amountOut(r.amount > 0n ? r.amount : -r.amount),
  wallet: r.wallet,
  status: r.reversed ? 'reversed' : 'completed',
  memo: r.memo,
  details: r.details,
  created_at: r.created_at.toISOString(),
});

/** Keys of a ledger row's `details` that hold an amount in internal units (10^-8). */
const unitKeys = new Set([
  'base',
  'due',
  'paid',
  'cap',
  'earned_before',
  'requested',
  'credited',
  'gross',
  'fee',
  'net',
  'amount',
  'price_before',
  'price_after',
]);
const UNITS = /^-?\d+$/;

/** A whole count of units as decimal text ("300000000000" -> "3000.00000000"); anything else unchanged. */
function asDecimal(value: unknown): unknown {
  if (typeof value === 'string' && UNITS.test(value)) return amountOut(BigInt(value));
  if (typeof value === 'number' && Number.isSafeInteger(value)) return amountOut(BigInt(value));
  return value;
}

/**
 * A transaction as a CSV row: the amounts inside `details` as decimal text like every other amount of the
 * export (the ledger keeps them in internal units), e.g. `"cap":"3000.00000000"`, not `"300000000000"`.
 */
export function csvTransaction(t: TransactionRecord): TransactionRecord {
  const d = t.details;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return t;
  const all = d as Record<string, unknown>;
  const money = (key: string) =>
    unitKeys.has(key) || ((key === 'from' || key === 'to') && all.field === 'business_balance');
  return {
    ...t,
    details: Object.fromEntries(Object.entries(all).map(([k, v]) => [k, money(k) ? asDecimal(v) : v])),
  };
}

/**
 * The transaction screens read from the ledger (decision 0009). Without a member, text or 'reversed' filter
 * the figures per hour come from the rollups, so the total is exact and a page deep in the list is found
 * by skipping whole days and hours before reading rows within one hour; 'completed' the same, each period less its
 * reversed entries (decision 0083). With a text filter or 'reversed' the total is exact up to COUNT_CAP and the
 * page is read from the nearer end (seekPaged, decision 0081); 'reversed' starts from the reversals' index.
 */
export class TransactionList {
  private readonly rollups: Rollups;

  /**
   * `db` reads the rows and the figures (one pinned connection: TransactionsService.list); `writer` fills rollups.
   * `caps`: how many rows a text search counts, and how many members it names, before it is broad; how many
   * transactions a page is read from by id; how many rows a source may have to be walked for a text unasked, and
   * how many of its newest memos are sampled; how deep inside its hour a page is read from a mark (tests lower them).
   */
  constructor(
    private readonly db: Db,
    writer: Db = db,
    private readonly caps: Caps = { count: COUNT_CAP, named: NAMED_CAP, near: NEAR_IDS },
  ) {
    this.rollups = new Rollups(writer, db);
  }

  private filtered(q: TxFilter, userId?: bigint): Entries {
    let base = entries(this.db);
    if (userId !== undefined) base = base.where('a.owner_id', '=', userId);
    for (const c of ofTransaction(q)) base = base.where(c);
    if (q.transaction_type === 'credit') base = base.where('e.amount', '>', 0n);
    if (q.transaction_type === 'debit') base = base.where('e.amount', '<', 0n);
    if (q.search) {
      const like = likePattern(q.search);
      const id = searchedId(q.search);
      base = base.where((eb) =>
        eb.or([
          eb('u.username', 'ilike', like),
          userId === undefined ? ledgerMemoMatches(like) : eb('t.memo', 'ilike', like),
          ...(id === null ? [] : [eb('t.id', '=', id)]),
        ]),
      );
    }
    const { from, to } = dayRange(q);
    if (from) base = during(base, from, undefined);
    if (to) base = during(base, undefined, to);
    return base;
  }

  async list(q: TxFilter, userId?: bigint): Promise<{ rows: TransactionRecord[]; total: number }> {
    const base = this.filtered(q, userId);
    if (q.search && userId === undefined) return this.searched(q, q.search, base);
    if (q.format === 'csv') {
      const rows = await newestFirst(base).limit(CSV_LIMIT).execute();
      return { rows: rows.map(toRecord), total: rows.length };
    }
    const offset = (q.page - 1) * q.limit;
    if (userId !== undefined) return this.memberList(q, userId, base, offset);
    // 'completed' is every entry less the reversed ones: counted from the rollups less those (decision 0083).
    if (q.status === 'reversed') {
      // Decision 0081: the page from the nearer end, so the last page is as cheap as the first.
      const page = await seekPaged(this.db, base, inOrder, q);
      return { rows: page.rows.map(toRecord), total: page.total };
    }
    const filter = ledgerFilter(q);
    const reversed = q.status === 'completed' ? await this.reversedEntries(q) : null;
    const less = reversed ? reversed.less : () => 0;
    const buckets = (await this.rollups.ledger(filter)).map((b) => lessBy(b, less));
    const total = buckets.reduce((n, b) => n + Number(b.entries), 0);
    const span = await this.locate(filter, buckets, offset, q.limit, less);
    if (!span) return { rows: [], total };
    // Deep inside a busy hour, closed or open, from the nearest mark before the page (decisions 0090, 0092). A mark counts every row
    // before its transaction's; a 'completed' list has the reversed ones among them less (a few: admins' reversals).
    const hour = new Date(span.to.getTime() - HOUR);
    const mark =
      span.skip >= (this.caps.marked ?? MARKED_FROM)
        ? await this.rollups.markBefore(filter, hour, span.skip)
        : null;
    const fromMark = mark && {
      ...span,
      skip:
        span.skip -
        mark.position +
        (reversed ? await this.reversedBefore(q, reversed.within(hour, span.to), mark) : 0),
      until: mark,
    };
    const rows = await this.spanRows(q, base, fromMark ?? span, q.limit);
    return { rows: rows.map(toRecord), total };
  }

  /**
   * Rows [skip, skip + limit) of a located span, newest first, in two statements that do not rest on the planner's
   * estimate of the span (decision 0084; an hour written seconds ago is not analysed, and one hour can hold a whole
   * daily run): the span's newest transactions first, from their own time index, as many as the page may need, then
   * the rows of those by id. The list's first two keys are the transaction's, so their rows are the span's first
   * rows. A page short of rows while more transactions lie beyond (some have no row here: token trades, or the other
   * side of a credit/debit filter) reads four times as many. Past NEAR_IDS transactions (a page deep inside one
   * hour), the plain read: with ids by the hundred thousand, a page of a fresh hour took a minute.
   */
  private async spanRows(
    q: TxFilter,
    base: Entries,
    span: { from: Date; to: Date; skip: number; until?: { createdAt: string; transactionId: string } },
    limit: number,
  ): Promise<Row[]> {
    // The rows of the transactions found, without a range of time, which an hour seconds old is estimated empty.
    const ofFound = this.filtered({ ...q, from: undefined, to: undefined });
    // From a mark (decision 0090): its transaction and the older ones, `skip` counted from its first row.
    const until = span.until
      ? sql<boolean>`(t.created_at, t.id) <= (${span.until.createdAt}::timestamptz, ${span.until.transactionId}::bigint)`
      : sql<boolean>`true`;
    for (let take = span.skip + limit; take <= this.caps.near; take *= 4) {
      let near = this.db
        .selectFrom('ledger_transactions as t')
        .select('t.id')
        .where('t.created_at', '>=', span.from)
        .where('t.created_at', '<', span.to)
        .where(until);
      for (const c of ofTransaction(q)) near = near.where(c);
      const ids = (
        await near.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(take).execute()
      ).map((r) => String(r.id));
      if (ids.length === 0) return [];
      const rows = await newestFirst(ofIds(ofFound, ids)).limit(limit).offset(span.skip).execute();
      if (rows.length === limit || ids.length < take) return rows;
    }
    return newestFirst(during(base, span.from, span.to).where(until))
      .limit(limit)
      .offset(span.skip)
      .execute();
  }

  /**
   * An admin's text search (decision 0084). What it names is read first, each from its own index and bounded: the
   * members whose username holds the text (member_search), then their entries, and the transactions whose memo holds
   * it (or whose id it is; a trigram index, migrations 0092 and 0093). When both are few, the list is their entries
   * alone, with an exact total (`fewPage`). When the memos name many, each page merges the nearest matching
   * transactions with the named members' entries, the total the planner's estimate (`manyMemosPage`). When the
   * members are many, the joined list is walked, the total an estimate (`walkedPage`).
   */
  private async searched(q: TxFilter, search: string, base: Entries) {
    const side = await this.sourcesOfSide(q);
    // The members named first: when they are many, the joined list is walked and the memos are neither counted (a
    // text without a trigram, such as 'SG', is counted by reading the ledger: 2.8 s at 1,000,000 members) nor looked
    // for by their pieces (whose newest memos, not cut yet, are read: 0.6 s in the minute after a daily run).
    const members = await membersNamed(this.db, search, this.caps.named);
    if (members === null) return this.walkedPage(q, base, side?.buckets);
    // A text without a trigram is looked for only in the sources whose memos may hold it (decision 0091).
    const short = await this.sourcesOfShortText(q, search, side);
    const sources = short ?? side?.sources;
    // The planner's estimate of the memos, for the decision and the total: with the sources of a side it multiplies
    // their share by the memo's as if unrelated, which they are not (a template belongs to one source).
    const estimated = this.memoMatches(q, search);
    const memos = sources ? this.memoMatches(q, search, sources) : estimated;
    const owners = members;
    const ofNamed = owners.length === 0 ? null : base.where('a.owner_id', 'in', owners);
    // Counted up to the cap, unless the planner sees ten times as many (a template such as 'roi income', whose share
    // the column's statistics hold): then they are many without reading them. A text without a trigram is counted
    // by reading the ledger, not the memo index: past the cap in the planner's eyes it is many at once. With a side,
    // that estimate is still the memo's alone: a side whose sources' memos do not hold the text ('roi' with the
    // debit filter) is answered by the sources' walks, which read none of them (decision 0088). The count leaves out
    // the test for a row of that side (10,000 lookups, 97 ms for `Gold` among the top-ups): the side's sources
    // already narrow it, and the few ids are only a superset of the list's transactions, whose rows are read with
    // the side's filter.
    const many = TRIGRAM.test(search) ? 10 * this.caps.count : this.caps.count;
    // The named members' rows: without a status or days, from their accounts' folded figures (every row of theirs
    // is in the list, their usernames holding the text), exact (1,000 members: 86 ms of lookups into every month's
    // entries at 1,000,000 members); otherwise counted up to the cap.
    const { from, to } = dayRange(q);
    const [named, memo] = await Promise.all([
      !ofNamed
        ? 0
        : !q.status && !from && !to
          ? this.keptCount(q, owners)
          : this.onIndexes(
              ofNamed
                .clearSelect()
                .select('e.id')
                .limit(this.caps.count + 1),
            ).then((r) => r.length),
      estimateRows(this.db, estimated().select('t.id')).then(async (estimate) => ({
        estimate,
        found:
          sources?.length === 0
            ? []
            : estimate >= many
              ? null
              : await this.memoMatches(q, search, sources, false)()
                  .select(['t.id', 't.created_at'])
                  .limit(this.caps.count + 1)
                  .execute(),
      })),
    ]);
    if (named > this.caps.count) return this.walkedPage(q, base, side?.buckets);
    if (memo.found !== null && memo.found.length <= this.caps.count)
      return this.fewPage(q, base, ofNamed && { owners: owners.length, rows: ofNamed }, memo.found, named);
    // The sources whose memos hold the text, asked once a request (decision 0088). A text without three letters or
    // digits in a row has no trigram to look up: its matches are walked on the transactions' time index, as before.
    let asked: ReturnType<TransactionList['sourcesOfText']> | undefined;
    const near = async (reverse: boolean, take: number): Promise<bigint[]> => {
      // The sources whose memo pieces hold a short text, each walked on its own index (decision 0091).
      if (short) return this.nearestMemos(q, search, { walked: short }, reverse, take);
      if (!TRIGRAM.test(search)) {
        const dir = reverse ? 'asc' : 'desc';
        const walked = await memos()
          .select('t.id')
          .orderBy('t.created_at', dir)
          .orderBy('t.id', dir)
          .limit(take)
          .execute();
        return walked.map((r) => r.id);
      }
      asked ??= (async () =>
        this.sourcesOfText(
          q,
          search,
          side ? side.rows : rowsBySource(await this.rollups.ledger(ledgerFilter(q), true)),
        ))();
      return this.nearestMemos(q, search, await asked, reverse, take);
    };
    return this.manyMemosPage(q, base, ofNamed, near, pastCap(memo.estimate + named, this.caps.count));
  }

  /**
   * For a text without a trigram (and not an id), the sources, of the side's or of every row of the list, whose memos
   * may hold it by their pieces (decision 0091: memo-pieces.ts): none when no memo does, and nothing is walked.
   * Undefined for any other text, or one the pieces cannot answer.
   */
  private async sourcesOfShortText(
    q: TxFilter,
    search: string,
    side: Awaited<ReturnType<TransactionList['sourcesOfSide']>>,
  ): Promise<string[] | undefined> {
    if (TRIGRAM.test(search) || searchedId(search) !== null || !pieceable(search)) return undefined;
    const all = side
      ? side.sources
      : [...rowsBySource(await this.rollups.ledger(ledgerFilter(q), true)).keys()];
    return sourcesMayHold(this.db, all, search, likePattern(search));
  }

  /**
   * With a side (`transaction_type`), the sources that have rows of that side on a member's wallet, as filtered, from
   * the rollups (decision 0087): only a transaction of one of them can yield a row. `rows`: how many each has.
   * Undefined without a side.
   */
  private async sourcesOfSide(
    q: TxFilter,
  ): Promise<{ sources: string[]; rows: Map<string, bigint>; buckets: LedgerBucket[] } | undefined> {
    if (!q.transaction_type) return undefined;
    const buckets = await this.rollups.ledger(ledgerFilter(q), true);
    const bySource = rowsBySource(buckets);
    return { sources: [...bySource.keys()].sort(), rows: bySource, buckets };
  }

  /**
   * Of the sources with rows in the list (`rows`: how many each, from the rollups), which `nearestMemos` reads and how
   * (decision 0088). `walked`: a source of at most FEW_ROWS rows, or one of whose newest SAMPLED memos in the list's
   * days holds the text (a template of that source). `unsure`: the other sources, whose newest memos do not hold it.
   * `hasMatch` asks the memo index whether an unsure source holds the text at all (once a source a request).
   */
  private async sourcesOfText(q: TxFilter, search: string, rows: Map<string, bigint>): Promise<MemoSources> {
    const like = likePattern(search);
    const days = this.memoDays(q);
    const bound = BigInt(this.caps.few ?? FEW_ROWS);
    const few = [...rows].filter(([s, n]) => n <= bound && s !== 'transfer').map(([s]) => s);
    const large = [...rows].filter(([s, n]) => n > bound && s !== 'transfer').map(([s]) => s);
    const { rows: sampled } =
      large.length === 0
        ? { rows: [] }
        : await sql<{ source: string; hits: boolean }>`
      SELECT s.source, n.hits FROM unnest(${large}::text[]) AS s (source)
      CROSS JOIN LATERAL (
        SELECT coalesce(bool_or(r.memo ILIKE ${like}), false) AS hits FROM (
          SELECT t.memo FROM ledger_transactions t
          WHERE coalesce(t.income_type, t.kind) = s.source AND ${days}
          ORDER BY t.created_at DESC, t.id DESC LIMIT ${this.caps.sampled ?? SAMPLED}) r) n`.execute(this.db);
    const asked = new Map<string, Promise<boolean>>();
    // From the memo index alone: for one row the planner would rather walk the source hoping for an early match, and
    // read all of it when there is none.
    const ask = (source: string) =>
      this.planned(['indexscan', 'seqscan'], async (trx) => {
        const { rows: found } = await sql<{ hit: boolean }>`
          SELECT EXISTS (SELECT 1 FROM ledger_transactions t
            WHERE coalesce(t.income_type, t.kind) = ${source} AND ${days} AND t.memo ILIKE ${like}) AS hit`.execute(
          trx,
        );
        return found[0]?.hit === true;
      });
    return {
      walked: [...few, ...sampled.filter((r) => r.hits).map((r) => r.source)].sort(),
      unsure: {
        sources: sampled
          .filter((r) => !r.hits)
          .map((r) => r.source)
          .sort(),
        hasMatch: (source) => {
          let answer = asked.get(source);
          if (!answer) {
            answer = ask(source);
            asked.set(source, answer);
          }
          return answer;
        },
      },
    };
  }

  /** The conditions every memo read of the list's sources shares: not a transfer (decision 0085), the list's days. */
  private memoDays(q: TxFilter) {
    const { from, to } = dayRange(q);
    return sql.join(
      [
        sql<boolean>`t.kind <> 'transfer'`,
        ...(from ? [sql<boolean>`t.created_at >= ${from}`] : []),
        ...(to ? [sql<boolean>`t.created_at < ${to}`] : []),
      ],
      sql` AND `,
    );
  }

  /**
   * `read` in a transaction with the planner's `off` methods off (`locally`). For a read whose right plan the planner's estimates cannot see: it takes
   * the memo and the source as unrelated (a template belongs to one source), so it sees few matches where there are
   * many, and the other way round.
   */
  private planned<T>(
    off: ('bitmapscan' | 'indexscan' | 'seqscan')[],
    read: (trx: Db) => Promise<T>,
  ): Promise<T> {
    return locally(this.db, Object.fromEntries(off.map((method) => [`enable_${method}`, 'off'])), read);
  }

  /**
   * The nearest `take` transactions (ids) whose memo holds `search`, or whose id it is, as filtered, newest first (or
   * oldest first), so that the matches of one source are not looked for among every other source's transactions
   * (decision 0088). The walked sources are read in order, each on its own index (migration 0096), until they have
   * `take`. An unsure source matters only nearer than the last of those (`edge`): when it has at most WITHIN_ROWS rows
   * there, they are read in order too; otherwise, or with no edge, the memo index is asked whether it holds the text
   * at all, and its matches are read from that index if so. All merged in the list's order.
   */
  private async nearestMemos(
    q: TxFilter,
    search: string,
    sources: MemoSources,
    reverse: boolean,
    take: number,
  ): Promise<bigint[]> {
    const dir = reverse ? 'asc' : 'desc';
    const memo = ledgerMemoMatches(likePattern(search));
    const id = searchedId(search);
    const nearest = (
      db: Db,
      sourced: string[],
      more: ReturnType<typeof sql<boolean>>[],
      edge: ReturnType<typeof sql<boolean>> = sql<boolean>`true`,
    ) => {
      const parts = [
        ...sourced.map((s) =>
          this.matching(q, memo, db).where(sql<boolean>`coalesce(t.income_type, t.kind) = ${s}`).where(edge),
        ),
        ...more.map((found) => this.matching(q, found, db)),
      ].map((w) =>
        db
          .selectFrom(
            w
              .select(['t.id', 't.created_at'])
              .orderBy('t.created_at', dir)
              .orderBy('t.id', dir)
              .limit(take)
              .as('w'),
          )
          .select(['w.id', 'w.created_at']),
      );
      const [first, ...others] = parts;
      if (!first) return Promise.resolve([]);
      return db
        .selectFrom(others.reduce((all, p) => all.unionAll(p), first).as('m'))
        .select(['m.id', 'm.created_at'])
        .orderBy('m.created_at', dir)
        .orderBy('m.id', dir)
        .limit(take)
        .execute();
    };
    // In order on each source's index: the planner, seeing few matches, would read them all and sort them.
    const inOrder = (
      sourced: string[],
      more: ReturnType<typeof sql<boolean>>[],
      edge?: ReturnType<typeof sql<boolean>>,
    ) => this.planned(['bitmapscan', 'seqscan'], (trx) => nearest(trx, sourced, more, edge));
    // The transaction of that id, unless its memo holds the text too (then a walk finds it).
    const byId = id === null ? [] : [sql<boolean>`t.id = ${id} AND NOT coalesce(${memo}, false)`];
    const walked = await inOrder(sources.walked, byId);
    const last = walked.length === take ? walked.at(-1) : undefined;
    // Its time as stored (microseconds; a JavaScript date keeps milliseconds).
    const lastAt = last
      ? sql`(SELECT b.created_at, b.id FROM ledger_transactions b WHERE b.id = ${last.id})`
      : sql``;
    const edge = last
      ? reverse
        ? sql<boolean>`(t.created_at, t.id) < ${lastAt}`
        : sql<boolean>`(t.created_at, t.id) > ${lastAt}`
      : undefined;
    const within: string[] = [];
    const beyond: string[] = [];
    const limit = this.caps.within ?? WITHIN_ROWS;
    const unsure = sources.unsure;
    for (const source of unsure?.sources ?? []) {
      if (edge) {
        // Counted on the source's index up to the limit (a bitmap would read every row before the edge first).
        const n = await this.planned(['bitmapscan', 'seqscan'], async (trx) => {
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM (SELECT 1 FROM ledger_transactions t
              WHERE coalesce(t.income_type, t.kind) = ${source} AND ${this.memoDays(q)} AND ${edge}
              LIMIT ${limit + 1}) x`.execute(trx);
          return rows[0]?.n ?? 0;
        });
        if (n <= limit) {
          within.push(source);
          continue;
        }
      }
      beyond.push(source);
    }
    const matched: string[] = [];
    for (const source of beyond) if (await unsure?.hasMatch(source)) matched.push(source);
    if (within.length === 0 && matched.length === 0) return walked.map((r) => r.id);
    const near = [
      ...walked,
      ...(within.length === 0 || !edge ? [] : await inOrder(within, [], edge)),
      ...(matched.length === 0
        ? []
        : await this.planned(['indexscan', 'seqscan'], (trx) => nearest(trx, matched, []))),
    ].map((r) => String(r.id));
    // Merged by the database, in the list's order to the microsecond.
    const merged = await this.db
      .selectFrom('ledger_transactions as t')
      .select('t.id')
      .where(sql<boolean>`t.id = ANY(${near}::bigint[])`)
      .orderBy('t.created_at', dir)
      .orderBy('t.id', dir)
      .limit(take)
      .execute();
    return merged.map((r) => r.id);
  }

  /**
   * The transactions whose memo (not a transfer's: decision 0085) holds `search`, or whose id it is, as filtered;
   * `sources` narrows them to those (`sourcesOfSide`), which the memo index's first column answers (migration 0095).
   * `sided` false: with a side, not only those with a row of that side (a superset, cheaper to count).
   */
  private memoMatches(q: TxFilter, search: string, sources?: string[], sided = true) {
    const id = searchedId(search);
    const memo = ledgerMemoMatches(likePattern(search));
    const found = id === null ? memo : sql<boolean>`(${memo} OR t.id = ${id})`;
    return () => {
      const m = this.matching(q, found, this.db, sided);
      return sources ? m.where(sql<boolean>`coalesce(t.income_type, t.kind) = ANY(${sources}::text[])`) : m;
    };
  }

  /** The transactions `found` says, as filtered: the filter's conditions on the transaction, and a row of the side. */
  private matching(q: TxFilter, found: ReturnType<typeof sql<boolean>>, db: Db = this.db, sided = true) {
    let m = db.selectFrom('ledger_transactions as t').where(found);
    for (const c of ofTransaction(q)) m = m.where(c);
    // Only transactions with a row of that side on a member's wallet, so that each one found yields a row.
    if (q.transaction_type && sided) m = m.where(hasMemberEntry(q.transaction_type === 'credit'));
    return m;
  }

  /**
   * `query`'s rows, read without sequential scans: the named members' accounts from their owner index. With a hundred
   * of them (`SGX00001`) the planner scanned every account instead (130 ms of a 250 ms page at 1,000,000 members).
   */
  private onIndexes<R>(
    query: { compile(): CompiledQuery<R> },
    off: ('bitmapscan' | 'seqscan')[] = ['seqscan'],
  ): Promise<R[]> {
    const compiled = query.compile();
    return this.planned(off, async (trx) => (await trx.executeQuery(compiled)).rows);
  }

  /**
   * The joined list walked from its nearer end, its total the planner's estimate (a search naming many members),
   * without sequential or bitmap scans, and with a side or a source only between the periods holding its rows
   * (decision 0091).
   */
  private async walkedPage(q: TxFilter, base: Entries, bySide?: LedgerBucket[]) {
    // With a side or a source, only between the oldest and the newest period whose rollups hold a row of it: the day's
    // ROI run, credits newer than the newest debit, was read on the way to it (`SGX0` with the debit filter: 250 ms),
    // and the months before the first ROI on the way to a last page of ROI (1.2 s).
    let walked = base;
    if (q.transaction_type || q.source) {
      // A side's buckets by source, when its sources were read already (`sourcesOfSide`), give the same bounds.
      const held = (bySide ?? (await this.rollups.ledger(ledgerFilter(q)))).filter((b) => b.entries > 0n);
      const [newest, oldest] = [held[0], held.at(-1)];
      if (!newest || !oldest) return { rows: [], total: 0 };
      // Said of the transaction alone, whose time index the walk reads (of the entries too, the planner joins by range).
      walked = base
        .where('t.created_at', '>=', oldest.period)
        .where(
          't.created_at',
          '<',
          new Date(newest.period.getTime() + (newest.grain === 'day' ? DAY : HOUR)),
        );
    }
    // On the transactions' time index: the planner, taking the text, the side and the source as unrelated, expected a
    // few hundred rows and sorted every entry of the newest months (`SG` with a side: 0.9 s at 1,000,000 members).
    const read = (seek: { reverse: boolean; offset: number; limit: number }) =>
      this.onIndexes(inOrder(walked, seek.reverse).limit(seek.limit).offset(seek.offset), [
        'bitmapscan',
        'seqscan',
      ]);
    const page = await seekPaged(
      this.db,
      base,
      inOrder,
      q,
      this.caps.count,
      () => estimatedCount(this.db, base, this.caps.count),
      read,
    );
    return { rows: page.rows.map(toRecord), total: page.total };
  }

  /**
   * The rows of transactions `ids` and the named members' other rows (`bound`: those not past a point), each with its
   * entry's id, to be ordered by `mergedOrder`. Null when there is neither.
   */
  private union(
    base: Entries,
    ofNamed: Entries | null,
    ids: bigint[],
    bound?: ReturnType<typeof sql<boolean>>,
  ) {
    const list = ids.map(String);
    const parts: ReturnType<typeof withEntry>[] = [];
    if (list.length > 0) parts.push(withEntry(ofIds(base, list)));
    if (ofNamed) {
      let rest = list.length > 0 ? ofNamed.where(sql<boolean>`t.id <> ALL(${list}::bigint[])`) : ofNamed;
      if (bound) rest = rest.where(bound);
      parts.push(withEntry(rest));
    }
    const [first, ...others] = parts;
    if (!first) return null;
    return this.db.selectFrom(others.reduce((all, p) => all.unionAll(p), first).as('m')).selectAll();
  }

  /**
   * Few memos and few named members: their rows alone, paged from the nearer end with an exact total. Without memos
   * the rows are the named members' alone, whose count (`named`, exact up to the cap) is already known. With many
   * members named, a page is read a month at a time from its end of the ledger (`byMonth`).
   */
  private async fewPage(
    q: TxFilter,
    base: Entries,
    ofNamed: { owners: number; rows: Entries } | null,
    found: { id: bigint; created_at: Date }[],
    named: number,
  ) {
    const ids = found.map((r) => r.id);
    const few = this.union(base, ofNamed?.rows ?? null, ids);
    if (!few) return { rows: [], total: 0 };
    const count =
      ids.length === 0
        ? async () => ({ total: named, exact: true })
        : () => this.planned(['seqscan'], (trx) => boundedCount(trx, few, this.caps.count));
    const whole = (s: { reverse: boolean; offset: number; limit: number }) =>
      this.onIndexes(mergedOrder(few, s.reverse).limit(s.limit).offset(s.offset));
    const monthly = (s: { reverse: boolean; offset: number; limit: number }) =>
      this.byMonth(q, s, (from, to) => {
        const part = this.union(
          during(base, from, to),
          ofNamed && during(ofNamed.rows, from, to),
          found.filter((r) => r.created_at >= from && r.created_at < to).map((r) => r.id),
        );
        return part && mergedOrder(part, s.reverse);
      });
    const page = await seekPaged(
      this.db,
      few,
      (b, back) => mergedOrder(b, back),
      q,
      this.caps.count,
      count,
      (ofNamed?.owners ?? 0) >= (this.caps.monthly ?? MONTHLY_FROM) ? monthly : whole,
    );
    return { rows: page.rows.map(toRecord), total: page.total };
  }

  /**
   * Rows [offset, offset + limit) of a list read one UTC month at a time (the entries' partitions, migration 0089),
   * from the newest month of the ledger back (or from the oldest on, `reverse`), until the page is full. Read whole,
   * the named members' accounts were each looked up in every month's partition, the empty ones ahead too (2,975
   * accounts: 168 ms for a first page at 1,000,000 members); a page near an end reads one or two months. An entry
   * carries its transaction's time, so the months split the list's order without reordering it. `part(from, to)`:
   * the list's rows in [from, to) in the page's order, null when there are none.
   */
  private async byMonth<R>(
    q: TxFilter,
    seek: { reverse: boolean; offset: number; limit: number },
    part: (from: Date, to: Date) => { limit(n: number): { compile(): CompiledQuery<R> } } | null,
  ): Promise<R[]> {
    const span = await sql<{ first: Date | null; last: Date | null }>`
      SELECT min(created_at) AS first, max(created_at) AS last FROM ledger_transactions`.execute(this.db);
    const { from, to } = dayRange(q);
    const first = span.rows[0]?.first;
    const last = span.rows[0]?.last;
    if (!first || !last) return [];
    const lo = monthOf(from && from > first ? from : first);
    const hi = monthOf(to && to.getTime() - 1 < last.getTime() ? new Date(to.getTime() - 1) : last);
    const months: Date[] = [];
    for (let m = hi; m >= lo; m = nextMonth(m, -1)) months.push(m);
    if (seek.reverse) months.reverse();
    const need = seek.offset + seek.limit;
    const rows: R[] = [];
    for (const m of months) {
      const query = part(m, nextMonth(m, 1));
      if (query) rows.push(...(await this.onIndexes(query.limit(need - rows.length))));
      if (rows.length >= need) break;
    }
    return rows.slice(seek.offset, need);
  }

  /**
   * Many memos: each page takes the nearest `offset + limit` matching transactions (`nearest`: newest or oldest
   * first, the memo tested before any join; `nearestMemos`), merged with the named members' rows that are not past the
   * last of them. A short page while more may lie beyond is read again with four times as many; past NEAR_IDS, the
   * joined walk.
   */
  private async manyMemosPage(
    q: TxFilter,
    base: Entries,
    ofNamed: Entries | null,
    nearest: (reverse: boolean, take: number) => Promise<bigint[]>,
    total: { total: number; exact: boolean },
  ) {
    const page = await seekPaged(
      this.db,
      base,
      inOrder,
      q,
      this.caps.count,
      async () => total,
      async (seek) => {
        for (let take = seek.offset + seek.limit; take <= this.caps.near; take *= 4) {
          const near = await nearest(seek.reverse, take);
          const last = near.at(-1);
          // Past the last of the `take` nearest, other matching transactions may lie: the named members' rows are
          // bounded by it, so that the merged rows are all the list holds up to there.
          const bound =
            near.length < take || last === undefined
              ? undefined
              : seek.reverse
                ? sql<boolean>`(t.created_at, t.id) <= (SELECT b.created_at, b.id FROM ledger_transactions b WHERE b.id = ${last})`
                : sql<boolean>`(t.created_at, t.id) >= (SELECT b.created_at, b.id FROM ledger_transactions b WHERE b.id = ${last})`;
          const merged = this.union(base, ofNamed, near, bound);
          if (!merged) return [];
          const rows = await mergedOrder(merged, seek.reverse)
            .limit(seek.limit)
            .offset(seek.offset)
            .execute();
          if (rows.length === seek.limit || bound === undefined) return rows;
        }
        return inOrder(base, seek.reverse).limit(seek.limit).offset(seek.offset).execute();
      },
    );
    return { rows: page.rows.map(toRecord), total: page.total };
  }

  /**
   * The rows of reversed transactions `ids` (those of the mark's span: `reversedEntries`) matching the rest of the
   * filter newer than transaction `mark`. Read by their ids: from the span's time range, the planner read every row
   * newer than the mark in a daily run's hour not yet analysed (132 ms at 1,000,000 members, with no reversal at all).
   */
  private async reversedBefore(
    q: TxFilter,
    ids: string[],
    mark: { createdAt: string; transactionId: string },
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await this.filtered({ ...q, status: undefined })
      .where(sql<boolean>`t.id = ANY(${ids}::bigint[])`)
      .where(
        sql<boolean>`(t.created_at, t.id) > (${mark.createdAt}::timestamptz, ${mark.transactionId}::bigint)`,
      )
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The reversed transactions' entries matching the rest of the filter (a small set: admins' reversals): `less`, a
   * count of those in [from, from + span), what the rollups count and a 'completed' list leaves out; `within`, their
   * transactions' ids in [from, to).
   */
  private async reversedEntries(q: TxFilter): Promise<{
    less: (from: Date, span: number) => number;
    within: (from: Date, to: Date) => string[];
  }> {
    const rows = await this.filtered({ ...q, status: undefined })
      .where(reversedSql)
      .clearSelect()
      .select(['t.created_at', 't.id'])
      .execute();
    const at = rows.map((r) => ({ time: r.created_at.getTime(), id: String(r.id) }));
    const of = (start: number, end: number) => at.filter((r) => r.time >= start && r.time < end);
    return {
      less: (from, span) => of(from.getTime(), from.getTime() + span).length,
      // Their transactions in [from, to), each once.
      within: (from, to) => [...new Set(of(from.getTime(), to.getTime()).map((r) => r.id))],
    };
  }

  /**
   * One member's list (decision 0048). The page is read from each of the member's USD accounts newest first
   * (its entries' time index), at most `offset + limit` matching entries per account, so a leader with
   * thousands of credits reads a page, not every entry. The total comes from the accounts' folded figures
   * where the filter is one they keep (source, income, credit); a date, status or text filter is counted.
   */
  private async memberList(
    q: TxFilter,
    userId: bigint,
    base: Entries,
    offset: number,
  ): Promise<{ rows: TransactionRecord[]; total: number }> {
    const page = newestFirst(base).limit(q.limit).offset(offset);
    const rows = q.search
      ? page.execute()
      : page.where('e.id', 'in', this.recentEntries(q, userId, offset + q.limit)).execute();
    const { from, to } = dayRange(q);
    const kept = !q.search && !q.status && !from && !to;
    const [list, total] = await Promise.all([
      rows,
      kept ? this.keptCount(q, [userId]) : boundedCount(this.db, base).then((c) => c.total),
    ]);
    return { rows: list.map(toRecord), total };
  }

  /** The newest `take` entries matching the filter on each of the member's USD accounts (their ids). */
  private recentEntries(q: TxFilter, userId: bigint, take: number) {
    const { from, to } = dayRange(q);
    return this.db
      .selectFrom('ledger_accounts as ca')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('ledger_entries as ce')
            // By id alone: with the time as well the planner takes the two conditions as independent, expects almost
            // no row, and joins and sorts every entry of the account instead of walking the newest (10 ms against
            // 1.3 ms for the leader at 20,000 members, decision 0097). A page's few lookups visit each month's index.
            .innerJoin('ledger_transactions as ct', 'ct.id', 'ce.transaction_id')
            .select('ce.id')
            .whereRef('ce.account_id', '=', 'ca.id')
            .$if(q.source === INCOME, (x) => x.where('ct.income_type', 'is not', null))
            .$if(!!q.source && q.source !== INCOME, (x) =>
              x.where(sql`coalesce(ct.income_type, ct.kind)`, '=', q.source as string),
            )
            .$if(q.transaction_type === 'credit', (x) => x.where('ce.amount', '>', 0n))
            .$if(q.transaction_type === 'debit', (x) => x.where('ce.amount', '<', 0n))
            .$if(q.status === 'reversed', (x) => x.where(reversedOf('ct')))
            .$if(q.status === 'completed', (x) => x.where(sql<boolean>`not ${reversedOf('ct')}`))
            .$if(from !== undefined, (x) => x.where('ce.created_at', '>=', from as Date))
            .$if(to !== undefined, (x) => x.where('ce.created_at', '<', to as Date))
            .orderBy('ce.created_at', 'desc')
            .orderBy('ce.transaction_id', 'desc')
            .limit(take)
            .as('c'),
        (join) => join.onTrue(),
      )
      .select('c.id')
      .where('ca.owner_id', '=', userId)
      .where('ca.asset', '=', 'USD');
  }

  /** How many entries of the members' USD accounts match, from the accounts' folded figures (no status, no days). */
  private async keptCount(q: TxFilter, owners: bigint[]): Promise<number> {
    // Serially: for a thousand members the planner starts a parallel worker, 40 ms of a 60 ms count on a busy host.
    const { rows } = await serially(this.db, (trx) =>
      sql<{ n: bigint }>`
      SELECT coalesce(sum(s.entries), 0)::bigint AS n
      FROM ledger_accounts a
      JOIN ledger_account_figures s ON s.account_id = a.id
      WHERE a.owner_id = ANY(${owners.map(String)}::bigint[]) AND a.asset = 'USD'
        ${q.source === INCOME ? sql`AND s.income` : q.source ? sql`AND s.source = ${q.source}` : sql``}
        ${q.transaction_type === undefined ? sql`` : sql`AND s.credit = ${q.transaction_type === 'credit'}`}`.execute(
        trx,
      ),
    );
    return Number(rows[0]?.n ?? 0n);
  }

  /**
   * The time span that holds rows [offset, offset + limit) of the list (newest first) and how many of its
   * rows come before them: from the start of the period holding the last row to the end of the hour
   * holding the first, read from the per-period counts (a closed day is opened into its hours).
   */
  private async locate(
    filter: LedgerFilter,
    buckets: LedgerBucket[],
    offset: number,
    limit: number,
    less: (from: Date, span: number) => number,
  ): Promise<{ from: Date; to: Date; skip: number } | null> {
    let before = 0;
    let first: { to: Date; skip: number } | undefined;
    for (const b of buckets) {
      const n = Number(b.entries);
      if (!first && before + n > offset) {
        if (b.grain === 'day') {
          let inDay = before;
          for (const h of await this.rollups.ledgerHours(filter, b.period)) {
            const m = Number(lessBy(h, less).entries);
            if (inDay + m > offset) {
              first = { to: new Date(h.period.getTime() + HOUR), skip: offset - inDay };
              break;
            }
            inDay += m;
          }
          if (!first) throw new Error('ledger rollups: the hours of a day do not add up to the day');
        } else {
          first = { to: new Date(b.period.getTime() + HOUR), skip: offset - before };
        }
      }
      before += n;
      if (first && before >= offset + limit) return { from: b.period, ...first };
    }
    const oldest = buckets.at(-1);
    return first && oldest ? { from: oldest.period, ...first } : null;
  }
}
