import { Alert, Badge, Button, Group, Image, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import type { IdentityLevelView } from '@sgx/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { SectionCard } from '../../ui/SectionCard';
import { countryOptions } from '../identity-limits/countries';
import { MAX_DOCUMENT_BYTES, useSubmitIdentity } from './api';
import { IDENTITY_NS } from './i18n';

export const stateColor: Record<string, string> = {
  not_started: 'gray',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
  rejection_pending: 'orange',
};

/** An object URL for a chosen file, revoked when the file changes or the form goes. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (blob === null) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

type FileFieldProps = {
  name: string;
  label: string;
  hint: string;
  accept: string;
  capture?: 'user' | 'environment';
  file: File | null;
  onChange: (file: File | null) => void;
  error: string | null;
};

/** A camera-or-file input (the phone offers the camera first) with a preview of the picture chosen. */
function FileField({ name, label, hint, accept, capture, file, onChange, error }: FileFieldProps) {
  const preview = useObjectUrl(file);
  return (
    <Input.Wrapper label={label} description={hint} error={error} required>
      <input
        type="file"
        name={name}
        accept={accept}
        capture={capture}
        data-testid={`identity-file-${name}`}
        style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
        onChange={(e) => onChange(e.currentTarget.files?.[0] ?? null)}
      />
      {preview !== null && file?.type.startsWith('image/') && (
        <Image src={preview} alt={label} h={140} w="auto" fit="contain" radius="sm" mt="xs" />
      )}
    </Input.Wrapper>
  );
}

/** A form's refusal (with its field errors) and its Cancel / Send buttons. */
function FormFooter({
  submit,
  onCancel,
}: {
  submit: { isError: boolean; error: unknown; isPending: boolean };
  onCancel: () => void;
}) {
  const { t } = useT(IDENTITY_NS);
  return (
    <>
      {submit.isError && <ApiErrorAlert error={submit.error} />}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={submit.isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={submit.isPending}>
          {t('form.submit')}
        </Button>
      </Group>
    </>
  );
}

type Files = Record<string, File | null>;

function fileErrors(files: Files, t: (k: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, file] of Object.entries(files)) {
    if (file === null) out[name] = t('form.chooseFile');
    else if (file.size > MAX_DOCUMENT_BYTES) out[name] = t('form.tooLarge');
  }
  return out;
}

/** The level-1 form: legal name, date of birth, country, the document and a selfie. */
export function Level1Form({
  country,
  onDone,
  onCancel,
}: {
  country: string | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useT(IDENTITY_NS);
  const submit = useSubmitIdentity(1);
  const [legalName, setLegalName] = useState('');
  const [dob, setDob] = useState('');
  const [countryCode, setCountryCode] = useState<string | null>(country);
  const [files, setFiles] = useState<Files>({ document: null, selfie: null });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = fileErrors(files, t);
    if (legalName.trim() === '') found.legal_name = t('form.required');
    if (dob === '') found.date_of_birth = t('form.required');
    if (!countryCode) found.country = t('form.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const form = new FormData();
    form.append('legal_name', legalName.trim());
    form.append('date_of_birth', dob);
    form.append('country', countryCode ?? '');
    form.append('document', files.document as File);
    form.append('selfie', files.selfie as File);
    submit.mutate(form, { onSuccess: () => onDone(t('form.sent')) });
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="identity-level1-form">
      <Stack gap="sm">
        <TextInput
          label={t('form.legalName')}
          name="legal_name"
          value={legalName}
          onChange={(e) => setLegalName(e.currentTarget.value)}
          error={errors.legal_name}
          autoComplete="name"
          required
        />
        <TextInput
          type="date"
          label={t('form.dateOfBirth')}
          name="date_of_birth"
          value={dob}
          onChange={(e) => setDob(e.currentTarget.value)}
          error={errors.date_of_birth}
          autoComplete="bday"
          required
        />
        <Select
          label={t('form.country')}
          data={countryOptions()}
          value={countryCode}
          onChange={setCountryCode}
          searchable
          // Choosing the country already shown (from registration) keeps it rather than clearing it.
          allowDeselect={false}
          error={errors.country}
          data-testid="identity-country"
          required
        />
        <FileField
          name="document"
          label={t('form.document')}
          hint={t('form.fileHint')}
          accept="image/*"
          capture="environment"
          file={files.document ?? null}
          onChange={(f) => setFiles((s) => ({ ...s, document: f }))}
          error={errors.document ?? null}
        />
        <FileField
          name="selfie"
          label={t('form.selfie')}
          hint={t('form.fileHint')}
          accept="image/*"
          capture="user"
          file={files.selfie ?? null}
          onChange={(f) => setFiles((s) => ({ ...s, selfie: f }))}
          error={errors.selfie ?? null}
        />
        <FormFooter submit={submit} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** The level-2 form: the address and a proof of it (a photo or a PDF). */
export function Level2Form({
  onDone,
  onCancel,
}: {
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useT(IDENTITY_NS);
  const submit = useSubmitIdentity(2);
  const [fields, setFields] = useState({ address_line1: '', address_line2: '', city: '', postal_code: '' });
  const [files, setFiles] = useState<Files>({ proof: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof typeof fields) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setFields((s) => ({ ...s, [name]: value }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = fileErrors(files, t);
    if (fields.address_line1.trim() === '') found.address_line1 = t('form.required');
    if (fields.city.trim() === '') found.city = t('form.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v.trim() !== '') form.append(k, v.trim());
    form.append('proof', files.proof as File);
    submit.mutate(form, { onSuccess: () => onDone(t('form.sent')) });
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="identity-level2-form">
      <Stack gap="sm">
        <TextInput
          label={t('form.address1')}
          value={fields.address_line1}
          onChange={set('address_line1')}
          error={errors.address_line1}
          autoComplete="address-line1"
          required
        />
        <TextInput
          label={t('form.address2')}
          value={fields.address_line2}
          onChange={set('address_line2')}
          autoComplete="address-line2"
        />
        <TextInput
          label={t('form.city')}
          value={fields.city}
          onChange={set('city')}
          error={errors.city}
          autoComplete="address-level2"
          required
        />
        <TextInput
          label={t('form.postalCode')}
          value={fields.postal_code}
          onChange={set('postal_code')}
          autoComplete="postal-code"
        />
        <FileField
          name="proof"
          label={t('form.proof')}
          hint={t('form.proofHint')}
          accept="image/*,application/pdf"
          capture="environment"
          file={files.proof ?? null}
          onChange={(f) => setFiles({ proof: f })}
          error={errors.proof ?? null}
        />
        <FormFooter submit={submit} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** One level's card: its state, the rejection's reason, and the form when the member may send (again). */
export function LevelCard({
  view,
  country,
  onSent,
}: {
  view: IdentityLevelView;
  country: string | null;
  onSent: (message: string) => void;
}) {
  const { t } = useT(IDENTITY_NS);
  const [open, setOpen] = useState(false);
  const level = view.level as 1 | 2;
  const done = (message: string) => {
    setOpen(false);
    onSent(message);
  };
  return (
    <SectionCard
      title={t(`level.${level}`)}
      description={t(`levelHint.${level}`)}
      testId={`identity-level-${level}`}
      actions={
        <Badge color={stateColor[view.state]} variant="light" data-testid={`identity-state-${level}`}>
          {t(`state.${view.state}`)}
        </Badge>
      }
    >
      <Stack gap="sm">
        {view.state === 'rejected' && view.reason !== null && (
          <Alert color="red" data-testid={`identity-reason-${level}`}>
            {t('reason', { reason: view.reason })}
          </Alert>
        )}
        {!view.can_submit && level === 2 && view.state === 'not_started' && (
          <Text size="sm" c="dimmed">
            {t('needsLevel1')}
          </Text>
        )}
        {view.can_submit && !open && (
          <Button onClick={() => setOpen(true)} data-testid={`identity-start-${level}`} fullWidth>
            {view.state === 'rejected' ? t('resubmit') : t('start')}
          </Button>
        )}
        {view.can_submit &&
          open &&
          (level === 1 ? (
            <Level1Form country={country} onDone={done} onCancel={() => setOpen(false)} />
          ) : (
            <Level2Form onDone={done} onCancel={() => setOpen(false)} />
          ))}
      </Stack>
    </SectionCard>
  );
}
