import { PlannedPage } from '../../ui/PlannedPage';

export default function SettingsPage() {
  return (
    <PlannedPage
      title="Settings"
      summary="Platform settings (feature switches, fees, level percents, salary tiers) will be edited here. Every change is audited."
    />
  );
}
