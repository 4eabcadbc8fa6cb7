import {
  Alert,
  Anchor,
  Button,
  Card,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../app/apiError';
import { memberHome } from '../../../app/homes';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { contractSubmit, preloadContracts } from '../../../ui/contracts';
import { serverFieldErrors } from '../../../ui/formErrors';
import { useTextForm } from '../../../ui/useTextForm';
import { useRegister } from '../hooks/useAuthActions';
import { AUTH_NS } from '../i18n';

/** The optional country of residence (decision 0073), loaded after the form's first paint. */
const RegisterCountrySelect = lazy(() => import('../../identity-limits/RegisterCountrySelect'));

/** Member registration. The referral code comes from `?ref=CODE` when the visitor follows a sponsor's link. */
export function RegistrationForm() {
  const { t } = useT(AUTH_NS);
  const [params] = useSearchParams();
  const register = useRegister();
  const navigate = useNavigate();
  const referralFromLink = params.get('ref')?.trim() ?? '';
  const [country, setCountry] = useState('');

  const form = useTextForm({
    fullname: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    referralBy: referralFromLink,
  });

  const onSubmit = contractSubmit(
    form,
    (c) => c.RegisterBody,
    (values) => {
      register.mutate(country === '' ? values : { ...values, country }, {
        onSuccess: () => navigate(memberHome, { replace: true }),
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      });
    },
  );

  return (
    <Card withBorder radius="lg" padding="lg" shadow="sm" w="100%" maw={560}>
      <form onSubmit={onSubmit} onFocus={preloadContracts} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              {t('register.title')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('register.intro')}
            </Text>
          </div>
          {register.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(register.error)}
            </Alert>
          )}
          <TextInput
            label={t('register.fullname')}
            autoComplete="name"
            required
            key={form.key('fullname')}
            {...form.getInputProps('fullname')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('register.email')}
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('register.phone')}
              type="tel"
              autoComplete="tel"
              placeholder="+15551234567"
              required
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <PasswordInput
            label={t('register.password')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('register.confirmPassword')}
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Suspense fallback={null}>
            <RegisterCountrySelect
              value={country}
              onChange={setCountry}
              error={register.isError ? serverFieldErrors(register.error).country : undefined}
            />
          </Suspense>
          <TextInput
            label={t('register.referral')}
            description={
              referralFromLink !== '' ? t('register.referralFromLink') : t('register.referralOptional')
            }
            autoComplete="off"
            key={form.key('referralBy')}
            {...form.getInputProps('referralBy')}
          />
          <Text size="xs" c="dimmed">
            <RichText
              text={t('register.accept')}
              components={{
                terms: <Anchor component={Link} to="/terms" size="xs" />,
                privacy: <Anchor component={Link} to="/privacy" size="xs" />,
              }}
            />
          </Text>
          <Button type="submit" loading={register.isPending} fullWidth>
            {t('register.submit')}
          </Button>
          <Text size="sm" ta="center">
            <RichText
              text={t('register.already')}
              components={{ link: <Anchor component={Link} to="/login" /> }}
            />
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
