import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_PHONE_PREFIX, accountMenuMessages, authMessages, RegisterRequestSchema, requestErrorMessages } from '@farmacia/contract';
import { Link } from '@tanstack/react-router';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { reportError } from '../../app/error-log';
import { FiscalCodeField } from '../../components/fiscal-code-field';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { applyServerErrors } from '../../lib/server-errors';
import { register as registerAccount } from './auth-api';
import { NewPasswordFields } from '../../components/new-password-fields';
import { EmailField } from './auth-fields';
import { useFinishLogin } from './use-finish-login';
import { formField } from '../../components/form-field';
import '../../lib/validation-locale';

/** The terms' checkbox holds `false` until ticked: the schema takes only a given consent and refuses it with its message. */
type SignupInput = Omit<z.input<typeof RegisterRequestSchema>, 'privacy'> & { privacy: boolean };
type SignupOutput = z.output<typeof RegisterRequestSchema>;
const signupResolver = zodResolver(RegisterRequestSchema) as unknown as Resolver<SignupInput, unknown, SignupOutput>;

const SERVER_FIELDS = [
  'name',
  'codice_fiscale',
  'phone_number',
  'email',
  'password',
  'password_confirmation',
  'privacy',
  'referral',
] as const satisfies readonly (keyof SignupInput)[];

/** The Registrati tab (spec §5 Signup): the same rules as the server, from the contract. */
export function SignupForm({ redirect, referral }: { redirect: string | undefined; referral: string | undefined }) {
  const finishLogin = useFinishLogin(redirect);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver: signupResolver,
    defaultValues: {
      name: '',
      codice_fiscale: '',
      phone_number: '',
      email: '',
      password: '',
      password_confirmation: '',
      privacy: false,
      referral: referral ?? '',
    },
  });
  const field = formField(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { token } = await registerAccount(values);
      showToast(authMessages.signupDone, { tone: 'success' });
      finishLogin(token);
    } catch (error) {
      reportError('signup', error);
      if (applyServerErrors(error, SERVER_FIELDS, setError).length > 0) return;
      if (isApiError(error) && (error.status === 429 || error.status === 0)) return;
      showToast(isApiError(error) ? error.message : requestErrorMessages.internal, { tone: 'danger' });
    }
  });

  // Registered in the order of the form, so the first invalid field is the one that gets focus.
  const nameField = register('name');
  const fiscalCodeField = register('codice_fiscale');

  return (
    <form className="form auth__panel" onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
      <h2 id="signup-title" className="form__title">
        {authMessages.signupTitle}
      </h2>
      <TextField label={authMessages.nameLabel} autoComplete="name" error={errors.name?.message} {...nameField} />
      <FiscalCodeField
        label={authMessages.fiscalCodeLabel}
        error={errors.codice_fiscale?.message}
        {...fiscalCodeField}
        onChange={(event) => {
          // Spec §5: the fiscal code is uppercased as it is typed.
          const input = event.target;
          const start = input.selectionStart;
          input.value = input.value.toUpperCase();
          if (start !== null) input.setSelectionRange(start, start);
          return fiscalCodeField.onChange(event);
        }}
      />
      <TextField
        label={authMessages.phoneLabel}
        prefix={DEFAULT_PHONE_PREFIX}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        {...field('phone_number')}
      />
      <EmailField error={errors.email?.message} field={register('email')} />
      <NewPasswordFields
        labels={{ password: authMessages.passwordLabel, confirmation: authMessages.passwordConfirmationLabel }}
        fields={{ password: register('password'), confirmation: register('password_confirmation') }}
        errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
      />
      <TextField
        label={authMessages.referralLabel}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        {...field('referral')}
      />
      <Checkbox label={authMessages.termsLabel} {...field('privacy')} />
      <p className="form__links">
        <Link to="/app/tos">{accountMenuMessages.terms}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/app/privacy">{accountMenuMessages.privacyPolicy}</Link>
      </p>
      <Button type="submit" block busy={isSubmitting}>
        {authMessages.signupSubmit}
      </Button>
    </form>
  );
}
