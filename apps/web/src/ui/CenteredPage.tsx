import { Center } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './PageShell';

/** A single card centred in the public area (sign-in, registration, notices). */
export function CenteredPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Center px="md" py={{ base: 32, md: 64 }}>
      {children}
    </Center>
  );
}
