import { PlannedPage } from '../../ui/PlannedPage';

export default function VideoManagerPage() {
  return (
    <PlannedPage title="Video Manager" summary="The video library for watch-and-earn will be managed here." />
  );
}
