import { PlannedPage } from '../../ui/PlannedPage';

export default function ReferralTreePage() {
  return (
    <PlannedPage
      title="Referral Tree"
      summary="Your referral team, shown level by level, will appear here."
    />
  );
}
