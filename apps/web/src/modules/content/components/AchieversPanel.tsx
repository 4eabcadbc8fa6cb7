import {
  ActionIcon,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { AchieverFields } from '@sgx/contracts';
import { IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorDialog } from '../../../ui/ErrorDialog';
import { formatDate } from '../../../ui/format';
import { schemaErrors, serverFieldErrors } from '../../../ui/formErrors';
import { LoadError } from '../../../ui/LoadError';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { useAchievers, useAddAchiever, useDeleteAchiever } from '../api/contentApi';
import { IMAGE_TYPES, imageFileError, messageOr } from '../api/upload';
import { CONTENT_NS } from '../i18n';

type Achiever = NonNullable<ReturnType<typeof useAchievers>['data']>[number];

function AddAchieverForm() {
  const { t } = useT(CONTENT_NS);
  const add = useAddAchiever();
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = schemaErrors(AchieverFields, { name, title });
    const imageProblem = imageFileError(image);
    if (imageProblem !== null) next.image = imageProblem;
    setErrors(next);
    if (Object.keys(next).length > 0 || image === null) return;
    add.mutate(
      { name: name.trim(), title: title.trim(), image },
      {
        onSuccess: (res) => {
          toast.success(serverText(res.message), { duration: 3000 });
          setName('');
          setTitle('');
          setImage(null);
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('achievers.add')}>
      <Stack gap="sm">
        {add.isError && <ApiErrorAlert error={add.error} />}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t('achievers.name')}
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label={t('achievers.title')}
            placeholder={t('achievers.titlePlaceholder')}
            maxLength={100}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
          />
          <FileInput
            label={t('achievers.photo')}
            required
            placeholder={t('achievers.choose')}
            accept={IMAGE_TYPES.join(',')}
            leftSection={<IconPhoto size={16} />}
            value={image}
            onChange={(f) => {
              setImage(f);
              setErrors(({ image: _gone, ...rest }) => {
                const problem = f === null ? null : imageFileError(f);
                return problem === null ? rest : { ...rest, image: problem };
              });
            }}
            error={errors.image}
            clearable
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending}>
            {t('achievers.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Achievers shown to members: POST /achivers/add (multipart), GET /achivers/list, DELETE /achivers/{id}. */
export function AchieversPanel() {
  const { t } = useT(CONTENT_NS);
  const achievers = useAchievers();
  const remove = useDeleteAchiever();
  const [pendingDelete, setPendingDelete] = useState<Achiever | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mayWrite = useStaffMay('content');

  return (
    <SectionCard title={t('achievers.panelTitle')} description={t('achievers.panelDescription')}>
      <Stack gap="lg">
        {mayWrite && <AddAchieverForm />}
        {achievers.isError && (
          <LoadError
            title={t('achievers.loadError')}
            error={achievers.error}
            onRetry={() => void achievers.refetch()}
            loadedAt={achievers.dataUpdatedAt}
          />
        )}
        <Spinner loading={achievers.isPending} />
        {achievers.data !== undefined && achievers.data.length === 0 && (
          <Text c="dimmed" ta="center" size="sm">
            {t('achievers.empty')}
          </Text>
        )}
        {achievers.data !== undefined && achievers.data.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {achievers.data.map((a) => (
              <Card key={a.id} withBorder radius="md" padding="xs" component="article" aria-label={a.name}>
                <Card.Section>
                  <Image src={a.url} alt={a.name} h={140} fit="cover" />
                </Card.Section>
                <Group justify="space-between" align="flex-start" wrap="nowrap" mt="xs" gap={4}>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {a.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {a.title || formatDate(a.created_at)}
                    </Text>
                  </div>
                  {mayWrite && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setPendingDelete(a)}
                      aria-label={t('achievers.delete', { name: a.name })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <ConfirmDialog
        opened={pendingDelete !== null}
        onCancel={() => setPendingDelete(null)}
        loading={remove.isPending}
        onConfirm={() => {
          if (pendingDelete === null) return;
          remove.mutate(pendingDelete.id, {
            onSuccess: (res) => toast.success(serverText(res.message), { duration: 3000 }),
            onError: (e) => setFailure(messageOr(e, t('achievers.deleteFailed'))),
            onSettled: () => setPendingDelete(null),
          });
        }}
      />
      {failure !== null && <ErrorDialog error={failure} onClose={() => setFailure(null)} />}
    </SectionCard>
  );
}
