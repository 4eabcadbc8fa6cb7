import { addressKind } from '@sgx/chain';
import {
  PAYOUT_EMAIL_CODE_MINUTES,
  type PayoutAddressState,
  type PayoutCancelBody,
  type PayoutConfirmation,
} from '@sgx/contracts';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { Currency } from '../../db/schema';
import { badRequest, businessRule, conflict, notFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { writeAudit } from '../audit/audit.repo';
import {
  type CodeChecker,
  hasSecondFactor,
  passwordMatches,
  requireSecondFactor,
} from '../auth/second-factor';
import type { Mailer } from '../mail/mailer';
import { mailText } from '../mail/messages';
import { notifyMember } from '../notifications/events';
import { issueEmailCode, useEmailCode } from '../recovery/email-codes';
import { recordRefusalIfListed } from '../sanctions/sanctions.hits';
import type { SettingsService } from '../settings/settings.service';
import {
  changePayoutAddress,
  changesInHold,
  holdTimeText,
  profileLink,
  restorePayoutAddress,
  sameAddress,
  shortAddress,
} from './payout-address';

/** Changes and cancellations a member asks for per rate-limit window (counted before the password is hashed). */
const CHANGES_PER_WINDOW = 10;
/** E-mailed codes a member may ask for per rate-limit window. */
const CODES_PER_WINDOW = 5;

export type PayoutChangeRequest = PayoutConfirmation & { currency: Currency; address: string };

/**
 * A member's own payout addresses (decision 0025): the state with the changes in hold, the
 * e-mailed code, a change confirmed by the password and the second factor or the e-mailed code, and the
 * cancellation of a change during its hold. The change itself is payout-address.ts's.
 */
export class PayoutAddressService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly config: Config,
  ) {}

  async state(userId: bigint): Promise<PayoutAddressState> {
    const member = await this.db
      .selectFrom('users')
      .select(['bep20', 'trc20'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!member) throw notFound('Member not found.');
    const twoFactor = await hasSecondFactor(this.db, userId);
    return {
      bep20: member.bep20 || null,
      trc20: member.trc20 || null,
      pending: await changesInHold(this.db, userId),
      two_factor: twoFactor,
      email_code_required: !twoFactor,
      hold_hours: (await this.settings.all()).payoutHoldHours,
    };
  }

  /** E-mails a 6-digit code (valid 10 minutes, single use) to a member without two-factor. */
  async sendEmailCode(userId: bigint): Promise<void> {
    await this.limiter.hit(`payout-code:acct:${userId}`, CODES_PER_WINDOW, this.config.rateLimits.windowMs);
    if (await hasSecondFactor(this.db, userId))
      throw businessRule('Your account has two-factor sign-in: enter the code from your authenticator app.');
    const member = await this.db
      .selectFrom('users')
      .select(['email', 'fullname', 'locale'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const code = await issueEmailCode(this.db, userId, 'payout_address', PAYOUT_EMAIL_CODE_MINUTES * 60_000);
    await this.mailer.send({
      to: member.email,
      subject: mailText(member.locale, 'payoutCode.subject', {}),
      text: mailText(member.locale, 'payoutCode.body', {
        name: member.fullname,
        code,
        minutes: PAYOUT_EMAIL_CODE_MINUTES,
      }),
    });
  }

  /**
   * The member's password, then their second factor, or without one the e-mailed code (each refusal a
   * 400 naming its field; codes are used up even when the change then fails). Rate limited before the
   * password is hashed. Wrong authenticator codes count per session and address (`who`, decision 0032).
   */
  async confirm(who: CodeChecker, body: PayoutConfirmation): Promise<void> {
    const { userId } = who;
    await this.checkPassword(userId, body.password);
    if (await requireSecondFactor(this.db, who, body.code)) return;
    if (!body.email_code) {
      const message = 'Ask for a code by e-mail and enter it.';
      throw badRequest(message, { email_code: [message] });
    }
    const code = body.email_code;
    // A wrong code counts its attempt: that transaction commits, the refusal comes after.
    const outcome = await this.db
      .transaction()
      .execute((tx) => useEmailCode(tx, userId, 'payout_address', code, 'email_code'));
    if (outcome === 'wrong') {
      const message = 'That code is not right. Check the e-mail, or ask for a new code.';
      throw badRequest(message, { email_code: [message] });
    }
  }

  /**
   * The member's password (a wrong one: 400 naming the field), rate limited before it is hashed: changes
   * and cancellations share one count per member.
   */
  private async checkPassword(userId: bigint, password: string): Promise<void> {
    await this.limiter.hit(
      `payout-change:acct:${userId}`,
      CHANGES_PER_WINDOW,
      this.config.rateLimits.windowMs,
    );
    if (!(await passwordMatches(this.db, userId, password))) {
      const message = 'Your password is not correct.';
      throw badRequest(message, { password: [message] });
    }
  }

  /** A member changes one of their payout addresses ('' removes it); the change starts a hold. */
  async change(
    who: CodeChecker,
    body: PayoutChangeRequest,
  ): Promise<{ message: string; payout: PayoutAddressState }> {
    const { userId } = who;
    const current = await this.db
      .selectFrom('users')
      .select(['bep20', 'trc20'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!current) throw notFound('Member not found.');
    const address = body.address === '' ? null : body.address;
    const before = body.currency === 'BEP20' ? current.bep20 : current.trc20;
    if (sameAddress(before || null, address))
      throw businessRule(
        address
          ? `That is already your ${addressKind(body.currency)} payout address.`
          : `You have no ${addressKind(body.currency)} payout address to remove.`,
      );
    await this.confirm(who, body);
    // A listed address is refused, the hit recorded with its list and date (decision 0075).
    if (
      address &&
      (await recordRefusalIfListed(this.db, { kind: 'payout_address', memberId: userId, address }))
    )
      throw businessRule(
        'This address cannot be used for payouts. Our compliance team will contact you about it.',
      );
    const holdHours = (await this.settings.all()).payoutHoldHours;
    const done = await this.db
      .transaction()
      .execute((tx) =>
        changePayoutAddress(tx, { userId, currency: body.currency, address, actorId: userId, holdHours }),
      );
    const message = !done
      ? `That is already your ${addressKind(body.currency)} payout address.`
      : address
        ? `Your ${addressKind(body.currency)} payout address was changed. Withdrawals to it are possible from ${holdTimeText(done.holdUntil)}.`
        : `Your ${addressKind(body.currency)} payout address was removed.`;
    return { message, payout: await this.state(userId) };
  }

  /**
   * Cancels a change during its hold, confirmed by the password (a session alone must not bring back an
   * address the member changed away from): the old address comes back when the new one is still in place
   * (withdrawals to it need no hold). Audited and announced.
   */
  async cancel(
    userId: bigint,
    changeId: bigint,
    body: PayoutCancelBody,
  ): Promise<{ message: string; payout: PayoutAddressState }> {
    await this.checkPassword(userId, body.password);
    const restored = await this.db.transaction().execute(async (tx) => {
      const member = await tx
        .selectFrom('users')
        .select(['bep20', 'trc20'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const change = await tx
        .selectFrom('payout_address_changes')
        .select(['id', 'currency', 'old_address', 'new_address', 'cancelled_at'])
        .select(sql<boolean>`hold_until > now()`.as('in_hold'))
        .where('id', '=', changeId)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!change) throw notFound('No such payout address change.');
      if (change.cancelled_at) throw conflict('This change is already cancelled.');
      if (!change.in_hold)
        throw businessRule('The hold of this change has ended; change the address again if you need to.');
      const column = change.currency === 'BEP20' ? 'bep20' : 'trc20';
      const current = member[column] || null;
      const restore = sameAddress(current, change.new_address);
      await tx
        .updateTable('payout_address_changes')
        .set({ cancelled_at: new Date(), cancelled_by: userId })
        .where('id', '=', change.id)
        .execute();
      if (restore) await restorePayoutAddress(tx, userId, change.currency, change.old_address);
      const after = restore ? change.old_address : current;
      await writeAudit(tx, {
        actorId: userId,
        action: 'member.payout_address_cancel',
        entity: 'user',
        entityId: userId,
        before: { [column]: current },
        after: { [column]: after, change_id: change.id },
      });
      const target = change.new_address ? ` to ${shortAddress(change.new_address)}` : ' (removal)';
      const now = after
        ? ` Your ${addressKind(change.currency)} payout address is ${shortAddress(after)}.`
        : ` You have no ${addressKind(change.currency)} payout address now.`;
      await notifyMember(tx, {
        userId,
        kind: 'payout_address_changed',
        title: 'Payout address change cancelled',
        message: `The change of your ${addressKind(change.currency)} payout address${target} was cancelled.${now}`,
        link: profileLink(userId),
        key: `payout-address-cancelled:${change.id}`,
      });
      return { currency: change.currency, address: after };
    });
    const message = restored.address
      ? `Change cancelled. Your ${addressKind(restored.currency)} payout address is ${restored.address}.`
      : `Change cancelled. You have no ${addressKind(restored.currency)} payout address now.`;
    return { message, payout: await this.state(userId) };
  }
}
