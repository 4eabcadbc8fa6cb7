import { PlannedPage } from '../../ui/PlannedPage';

export default function QueryCreatePage() {
  return <PlannedPage title="New Query" summary="A form to raise a support ticket will be here." />;
}
