import { zodResolver } from '@hookform/resolvers/zod';
import { appMessages, profileMessages, type Profile, UpdateProfileRequestSchema } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { FiscalCodeField } from '../../components/fiscal-code-field';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { applyServerErrors } from '../../lib/server-errors';
import { profileQueryOptions } from '../../lib/profile-api';
import { HealthConsentSection } from '../../components/health-consent/health-consent-section';
import { AccountDataSection } from './account-data-section';
import { useUpdateProfile } from './profile-api';
import { NewPasswordFields } from '../../components/new-password-fields';
import { formField } from '../../components/form-field';
import './profile.css';
import '../../lib/validation-locale';

type FormInput = z.input<typeof UpdateProfileRequestSchema>;
type FormOutput = z.output<typeof UpdateProfileRequestSchema>;
const FIELDS = ['name', 'email', 'phone_number', 'codice_fiscale', 'password', 'password_confirmation'] as const;

/** '393201234567' → '39 320 1234567': the profile format of spec §5, easier to read and edit. */
export function formatProfilePhone(digits: string | null): string {
  if (!digits) return '';
  const m = /^(\d{2})(\d{3})(\d+)$/.exec(digits);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : digits;
}

/**
 * /app/profile (spec §2, §5 Profile): name, email, phone (2+3+7 digits, spaces and dashes
 * allowed and stripped), fiscal code, and an optional new password; 'Profilo aggiornato', or the
 * server's message under each field, or 'Impossibile aggiornare'. Below, the GDPR section.
 */
export function ProfileScreen() {
  const { data: profile, isPending, isError } = useQuery(profileQueryOptions);
  if (isPending) return <Loader />;
  if (isError || !profile) {
    return (
      <div className="page">
        <h1>{profileMessages.title}</h1>
        <p className="notice">{appMessages.loadFailed}</p>
      </div>
    );
  }
  return (
    <div className="page profile">
      <ProfileForm profile={profile} />
      <HealthConsentSection />
      <AccountDataSection />
    </div>
  );
}

/** The form's values as the server stores them, in the format the user reads and edits. */
function formValues(profile: Profile): FormInput {
  return {
    name: profile.name,
    email: profile.email,
    phone_number: formatProfilePhone(profile.phone_number),
    codice_fiscale: profile.codice_fiscale ?? '',
    password: '',
    password_confirmation: '',
  };
}

/**
 * Mounted only once the profile is loaded, so the fields start with the stored values: there is
 * no moment in which an empty field is on screen (and what the user types there is not replaced
 * by a late reset).
 */
function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(UpdateProfileRequestSchema),
    defaultValues: formValues(profile),
  });
  const field = formField(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        ...values,
        password: values.password || null,
        password_confirmation: values.password_confirmation || null,
      });
      reset(formValues(saved));
      showToast(profileMessages.updated, { tone: 'success' });
    } catch (error) {
      if (applyServerErrors(error, FIELDS, setError).length > 0) return;
      if (isApiError(error) && error.status === 0) return;
      showToast(profileMessages.updateFailed, { tone: 'warning' });
    }
  });

  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby="profile-title">
      <h1 id="profile-title">{profileMessages.title}</h1>
      <TextField label={profileMessages.nameLabel} autoComplete="name" {...field('name')} />
      <TextField
        label={profileMessages.emailLabel}
        type="email"
        autoComplete="email"
        {...field('email')}
      />
      <TextField
        label={profileMessages.phoneLabel}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={profileMessages.phoneHint}
        {...field('phone_number')}
      />
      <FiscalCodeField
        label={profileMessages.fiscalCodeLabel}
        {...field('codice_fiscale')}
      />
      <NewPasswordFields
        labels={{ password: profileMessages.passwordLabel, confirmation: profileMessages.passwordConfirmationLabel }}
        hint={profileMessages.passwordHint}
        fields={{ password: register('password'), confirmation: register('password_confirmation') }}
        errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
      />
      <Button type="submit" block busy={update.isPending}>
        {profileMessages.save}
      </Button>
    </form>
  );
}
