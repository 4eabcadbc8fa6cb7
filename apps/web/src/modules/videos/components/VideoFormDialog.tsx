import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { VideoBody } from '@sgx/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { schemaErrors } from '../../../ui/formErrors';
import type { Video, VideoValues } from '../api/videosApi';

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

const empty: VideoValues = { title: '', url: '', description: '' };

/** Spec 2.7 form: Title, Video URL, Description (optional); Cancel and Save Video or Update Video. */
export function VideoFormDialog({
  opened,
  video,
  saving,
  error,
  serverErrors,
  onCancel,
  onSave,
}: VideoFormDialogProps) {
  const form = useForm<VideoValues>({
    initialValues: empty,
    // A field's error clears when that field is edited (spec 5): Mantine's default.
    clearInputErrorOnChange: true,
    validate: (values) => schemaErrors(VideoBody, values),
  });

  // Fill the form for the video being edited, or clear it to add one, each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens or the video changes only
  useEffect(() => {
    if (!opened) return;
    const values = video
      ? { title: video.title, url: video.url, description: video.description ?? '' }
      : empty;
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, video?.id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: applies each new set of server field errors once
  useEffect(() => {
    if (Object.keys(serverErrors).length > 0) form.setErrors(serverErrors);
  }, [serverErrors]);

  const editing = video !== null;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={editing ? 'Edit Video' : 'Add New Video'}
      centered
      size="lg"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
    >
      <form
        noValidate
        aria-label={editing ? 'Edit video' : 'Add video'}
        onSubmit={form.onSubmit((values) =>
          onSave({
            title: values.title.trim(),
            url: values.url.trim(),
            description: values.description.trim(),
          }),
        )}
      >
        <Stack gap="md">
          {error !== null && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Title" required maxLength={200} data-autofocus {...form.getInputProps('title')} />
          <TextInput
            label="Video URL"
            required
            type="url"
            placeholder="https://www.youtube.com/watch?v=..."
            description="A YouTube or Vimeo link."
            {...form.getInputProps('url')}
          />
          <Textarea
            label="Description (optional)"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Update Video' : 'Save Video'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
