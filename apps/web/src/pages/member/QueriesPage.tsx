import { PlannedPage } from '../../ui/PlannedPage';

export default function QueriesPage() {
  return (
    <PlannedPage title="My Queries" summary="Your support tickets and their status will be listed here." />
  );
}
