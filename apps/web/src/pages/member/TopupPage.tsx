import { PlannedPage } from '../../ui/PlannedPage';

export default function TopupPage() {
  return (
    <PlannedPage
      title="Top-up"
      summary="Topping up your own plan or a team member's plan will happen here."
    />
  );
}
