import {
  BonusClaimResponse,
  BonusListResponse,
  ClaimStatusResponse,
  LeadershipResponse,
  MemberRewardResponse,
  MessageResponse,
  RewardPlansResponse,
} from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../app/api';

export const rewardKeys = {
  all: ['rewards'] as const,
  plans: ['rewards', 'plans'] as const,
  member: (id: number) => ['rewards', 'member', id] as const,
  claim: (id: number) => ['rewards', 'claim', id] as const,
  leadership: (id: number) => ['rewards', 'leadership', id] as const,
  leadershipAll: ['rewards', 'leadership-all'] as const,
  bonus: ['rewards', 'bonus'] as const,
};

export function useRewardPlans() {
  return useQuery({
    queryKey: rewardKeys.plans,
    queryFn: ({ signal }) => apiRequest('/rewards/rewards', { schema: RewardPlansResponse, signal }),
    select: (d) => [...d.rewards].sort((a, b) => a.rank - b.rank),
  });
}

export function useMemberReward(id: number | null) {
  return useQuery({
    queryKey: rewardKeys.member(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/rewards/user/${id}`, { schema: MemberRewardResponse, signal }),
    enabled: id !== null,
  });
}

export function useClaimStatus(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: rewardKeys.claim(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/rewards/user/claim/${id}`, { schema: ClaimStatusResponse, signal }),
    enabled: id !== null && enabled,
  });
}

export function useLeadership(id: number | null) {
  return useQuery({
    queryKey: rewardKeys.leadership(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/leadership/by/${id}`, { schema: LeadershipResponse, signal }),
    enabled: id !== null,
  });
}

export function useBonuses() {
  return useQuery({
    queryKey: rewardKeys.bonus,
    queryFn: ({ signal }) => apiRequest('/bonus', { schema: BonusListResponse, signal }),
  });
}

export function initializeRewards(userId: number) {
  return apiRequest('/initialize', {
    method: 'POST',
    body: { user_id: userId },
    schema: MemberRewardResponse,
  });
}

const ClaimAnswer = z.object({
  message: z.string(),
  paid: z.string(),
  skipped_reason: z.string().nullable(),
});

export function claimRankReward(userId: number) {
  return apiRequest(`/rewards/user/claim/${userId}`, { method: 'POST', schema: ClaimAnswer });
}

export function carryForward(memberRewardId: number) {
  return apiRequest(`/rewards/carry-forward/${memberRewardId}`, { method: 'PUT', schema: MessageResponse });
}

export function claimBonus(userId: number, bonusType: string) {
  return apiRequest('/bonus/claim', {
    method: 'POST',
    body: { user_id: userId, bonus_type: bonusType },
    schema: BonusClaimResponse,
  });
}
