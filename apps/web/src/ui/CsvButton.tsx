import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../app/apiError';
import { useT } from '../i18n/i18n';
import { downloadCsv } from './downloadCsv';
import { SHELL_NS } from './i18n';

interface CsvButtonProps {
  /** The list endpoint, e.g. "/deposite/list". */
  path: string;
  /** The list's current filters (page and size are dropped: the export holds every filtered row). */
  query: URLSearchParams;
  name: string;
}

/** Exports the filtered rows of a list as a CSV file. */
export function CsvButton({ path, query, name }: CsvButtonProps) {
  const { t } = useT(SHELL_NS);
  const [busy, setBusy] = useState(false);
  const onClick = () => {
    setBusy(true);
    downloadCsv(path, query, name)
      .catch((error: unknown) => toast.error(errorMessage(error)))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      onClick={onClick}
      loading={busy}
      size="sm"
    >
      {t('ui.exportCsv')}
    </Button>
  );
}
