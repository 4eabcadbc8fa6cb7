import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { PageShell } from './PageShell';

interface PlannedPageProps {
  title: string;
  /** One honest line: what this page will hold once it is built. */
  summary: string;
}

/** A page whose contents arrive in a later release: its title and what it will show, and no invented data. */
export function PlannedPage({ title, summary }: PlannedPageProps) {
  return (
    <PageShell title={title} description={summary}>
      <Alert variant="light" color="gray" icon={<IconTools size={18} />} title="Coming soon">
        This page is not built yet. It will arrive in a coming release.
      </Alert>
    </PageShell>
  );
}
