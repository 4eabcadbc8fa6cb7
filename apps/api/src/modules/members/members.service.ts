import type {
  ChangePasswordBody,
  RewardNotice,
  SendRewardBody,
  UpdateUserBody,
  UserRecord,
} from '@sgx/contracts';
import type { z } from 'zod';
import type { Db } from '../../db';
import { assertSelfOrAdmin, type Principal } from '../../http/access';
import type { RequestKey } from '../../http/listing';
import type { SessionStore } from '../auth/sessions';
import type { SettingsService } from '../settings/settings.service';
import { MemberEdits, type MemberUpdate } from './members.edit';
import { MemberNotices } from './members.notices';
import { defaulters, listMembers, memberByEmail, userRecord } from './members.read';

/**
 * Members as staff manage them (spec 7.1) and as a member sees and edits themself. Reading lives in
 * members.read.ts, changes in members.edit.ts, reward notices in members.notices.ts.
 */
export class MembersService {
  private readonly edits: MemberEdits;
  private readonly notices: MemberNotices;

  constructor(
    private readonly db: Db,
    sessions: SessionStore,
    settings: SettingsService,
    /** Lists and searches: a replica where one is set (decision 0080). */
    private readonly reads: Db = db,
  ) {
    this.edits = new MemberEdits(db, sessions, settings);
    this.notices = new MemberNotices(db);
  }

  list(page: number, limit: number, search?: string): Promise<{ users: UserRecord[]; total: number }> {
    return listMembers(this.reads, page, limit, search, this.db);
  }

  async get(principal: Principal, id: number): Promise<UserRecord> {
    assertSelfOrAdmin(principal, id);
    return userRecord(this.db, BigInt(id));
  }

  getByEmail(email: string): Promise<UserRecord> {
    return memberByEmail(this.db, email);
  }

  update(
    principal: Principal,
    id: number,
    body: z.output<typeof UpdateUserBody>,
    requestKey?: RequestKey,
  ): Promise<MemberUpdate> {
    return this.edits.update(principal, id, body, requestKey);
  }

  changePassword(principal: Principal, id: number, body: z.output<typeof ChangePasswordBody>): Promise<void> {
    return this.edits.changePassword(principal, id, body);
  }

  softDelete(principal: Principal, id: number): Promise<void> {
    return this.edits.softDelete(principal, id);
  }

  defaulters(): Promise<UserRecord[]> {
    return defaulters(this.db);
  }

  sendRewardNotice(principal: Principal, body: SendRewardBody): Promise<number> {
    return this.notices.sendRewardNotice(principal, body);
  }

  rewardNotices(userId?: number): Promise<RewardNotice[]> {
    return this.notices.rewardNotices(userId);
  }
}
