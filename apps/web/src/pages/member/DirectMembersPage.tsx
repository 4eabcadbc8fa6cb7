import { PlannedPage } from '../../ui/PlannedPage';

export default function DirectMembersPage() {
  return (
    <PlannedPage
      title="Direct Members"
      summary="The members who joined with your referral code will be listed here."
    />
  );
}
