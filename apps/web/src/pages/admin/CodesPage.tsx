import { PlannedPage } from '../../ui/PlannedPage';

export default function CodesPage() {
  return (
    <PlannedPage
      title="Codes"
      summary="One-time codes with a value: issue them, see which were redeemed, export them."
    />
  );
}
