import { Alert, Button, Group, Modal, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { VideoBody } from '@sgx/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { tr, useT } from '../../../i18n/i18n';
import { effectiveTimeZone } from '../../../i18n/state';
import { schemaErrors } from '../../../ui/formErrors';
import type { Video, VideoValues } from '../api/videosApi';
import { VIDEOS_NS } from '../i18n';
import { isoToWallTime, wallTimeToIso, zoneOffset } from '../publishTime';

interface VideoFormDialogProps {
  opened: boolean;
  /** The video being edited, or null to add one. */
  video: Video | null;
  saving: boolean;
  error: string | null;
  serverErrors: Record<string, string>;
  onCancel: () => void;
  onSave: (values: VideoValues) => void;
}

type Publish = 'now' | 'draft' | 'schedule';
interface FormValues {
  title: string;
  url: string;
  description: string;
  publish: Publish;
  /** The schedule picker's wall time in the admin's zone ("2026-11-23T18:30"). */
  publishAt: string;
}

const empty: FormValues = { title: '', url: '', description: '', publish: 'now', publishAt: '' };
const publishOf = { published: 'now', draft: 'draft', scheduled: 'schedule' } as const;

/** An hour from now, on the minute: where the schedule picker starts. */
function inAnHour(zone: string): string {
  return isoToWallTime(new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000).toISOString(), zone);
}

function validate(values: FormValues, zone: string): Record<string, string> {
  const errors = schemaErrors(VideoBody, {
    title: values.title,
    url: values.url,
    description: values.description,
  });
  if (values.publish === 'schedule') {
    const at = wallTimeToIso(values.publishAt, zone);
    if (at === null) errors.publishAt = tr('videos:form.chooseTime');
    else if (Date.parse(at) <= Date.now()) errors.publishAt = tr('videos:form.passed');
  }
  return errors;
}

/**
 * Spec 2.7 form: Title, Video URL, Description (optional); Cancel and Save Video or Update Video. Decision 0037:
 * publish now, save as a draft, or schedule at a time picked in the admin's time zone (sent in UTC).
 */
export function VideoFormDialog({
  opened,
  video,
  saving,
  error,
  serverErrors,
  onCancel,
  onSave,
}: VideoFormDialogProps) {
  const { t } = useT(VIDEOS_NS);
  const zone = effectiveTimeZone();
  const form = useForm<FormValues>({
    initialValues: empty,
    // A field's error clears when that field is edited (spec 5): Mantine's default.
    clearInputErrorOnChange: true,
    validate: (values) => validate(values, zone),
  });

  // Fill the form for the video being edited, or clear it to add one, each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens or the video changes only
  useEffect(() => {
    if (!opened) return;
    const values: FormValues = video
      ? {
          title: video.title,
          url: video.url,
          description: video.description ?? '',
          publish: publishOf[video.status],
          publishAt: video.status === 'scheduled' ? isoToWallTime(video.publish_at, zone) : inAnHour(zone),
        }
      : { ...empty, publishAt: inAnHour(zone) };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, video?.id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: applies each new set of server field errors once
  useEffect(() => {
    if (Object.keys(serverErrors).length > 0) form.setErrors(serverErrors);
  }, [serverErrors]);

  const submit = (values: FormValues) => {
    const base = {
      title: values.title.trim(),
      url: values.url.trim(),
      description: values.description.trim(),
    };
    if (values.publish === 'draft') onSave({ ...base, status: 'draft' });
    else if (values.publish === 'now') onSave({ ...base, status: 'published' });
    else onSave({ ...base, status: 'scheduled', publish_at: wallTimeToIso(values.publishAt, zone) ?? '' });
  };

  const editing = video !== null;
  const live = video?.status === 'published';
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      centered
      size="lg"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
    >
      <form
        noValidate
        aria-label={editing ? t('form.editForm') : t('form.addForm')}
        onSubmit={form.onSubmit(submit)}
      >
        <Stack gap="md">
          {error !== null && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('form.title')}
            required
            maxLength={200}
            data-autofocus
            {...form.getInputProps('title')}
          />
          <TextInput
            label={t('form.url')}
            required
            type="url"
            placeholder="https://www.youtube.com/watch?v=..."
            description={t('form.urlHelp')}
            {...form.getInputProps('url')}
          />
          <Textarea
            label={t('form.description')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            {...form.getInputProps('description')}
          />
          <Radio.Group
            label={t('form.when')}
            description={live ? t('form.liveHelp') : t('form.draftHelp')}
            {...form.getInputProps('publish')}
          >
            <Group gap="lg" mt="xs">
              <Radio value="now" label={live ? t('form.keepLive') : t('form.publishNow')} />
              <Radio value="draft" label={t('form.saveDraft')} />
              <Radio value="schedule" label={t('form.schedule')} />
            </Group>
          </Radio.Group>
          {form.values.publish === 'schedule' && (
            <TextInput
              label={t('form.publishAt')}
              type="datetime-local"
              required
              description={t('form.zone', { zone, offset: zoneOffset(zone) })}
              min={isoToWallTime(new Date().toISOString(), zone)}
              {...form.getInputProps('publishAt')}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? t('form.update') : t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
