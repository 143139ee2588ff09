import { accountMenuMessages, appMessages, authMessages, privacyMessages, type PrivacyConsentDefinition, type Profile, type ProfileResponse, requestErrorMessages } from '@farmacia/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { api, isApiError } from '../../lib/api-client';
import { logout } from '../../app/auth-session';
import { useLoggedIn } from '../../lib/session';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/loader';
import { showToast } from '../../components/ui/toast';
import { needsPrivacyCheck, profileQueryOptions } from '../../lib/profile-api';
import { contentQueryOptions, optionQueryOptions } from '../../lib/shop-api';

type ConsentKey = PrivacyConsentDefinition['key'];
type ConsentValues = Record<ConsentKey, boolean>;

/** The consents to show, privacy1 (the mandatory one) first as the server defines them. */
function initialValues(profile: Profile): ConsentValues {
  return { privacy1: profile.privacy1 === 1, privacy2: profile.privacy2 === 1, privacy3: profile.privacy3 === 1 };
}

/** The keys of mandatory consents left unchecked. */
export function missingMandatory(consents: readonly PrivacyConsentDefinition[], values: ConsentValues): ConsentKey[] {
  return consents.filter((c) => c.mandatory && !values[c.key]).map((c) => c.key);
}

function ConsentLink({ link }: { link: string | null }) {
  if (!link) return null;
  if (/^\/(?!\/)/.test(link)) {
    return (
      <Link to={link as '/'} className="check__link">
        {privacyMessages.readMore}
      </Link>
    );
  }
  if (/^https?:\/\//.test(link)) {
    return (
      <a href={link} target="_blank" rel="noopener noreferrer" className="check__link">
        {privacyMessages.readMore}
      </a>
    );
  }
  return null;
}

function ConsentsForm({ consents, profile }: { consents: readonly PrivacyConsentDefinition[]; profile: Profile }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<ConsentValues>(() => initialValues(profile));
  const [errors, setErrors] = useState<Partial<Record<ConsentKey, string>>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const gated = needsPrivacyCheck(profile);
  const allAccepted = consents.length > 0 && consents.every((c) => values[c.key]);

  const set = (key: ConsentKey, checked: boolean) => {
    setValues((prev) => ({ ...prev, [key]: checked }));
    if (checked) setErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  const setAll = (checked: boolean) => {
    setValues((prev) => {
      const next = { ...prev };
      for (const c of consents) next[c.key] = checked;
      return next;
    });
    if (checked) setErrors({});
  };

  const focusFirstInvalid = (keys: readonly ConsentKey[]) => {
    const first = keys[0];
    if (first) formRef.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingMandatory(consents, values);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((k) => [k, privacyMessages.consentRequired])));
      focusFirstInvalid(missing);
      return;
    }
    setSaving(true);
    try {
      const answer = await api<ProfileResponse>('/setuserprivacy', { method: 'POST', body: values });
      queryClient.setQueryData(profileQueryOptions.queryKey, answer.data);
      showToast(privacyMessages.updated, { tone: 'success' });
      // The gate is lifted: back to the app.
      if (gated && !needsPrivacyCheck(answer.data)) void navigate({ to: '/app/home', replace: true });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) {
        const fieldErrors: Partial<Record<ConsentKey, string>> = {};
        for (const c of consents) fieldErrors[c.key] = error.fieldMessage(c.key);
        setErrors(fieldErrors);
        focusFirstInvalid(consents.map((c) => c.key).filter((k) => fieldErrors[k]));
      } else if (!isApiError(error) || (error.status !== 429 && error.status !== 0)) {
        showToast(isApiError(error) ? error.message : requestErrorMessages.internal, { tone: 'danger' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
      <Checkbox
        asSwitch
        className="check--accept-all"
        label={privacyMessages.acceptAll}
        checked={allAccepted}
        onChange={(event) => setAll(event.target.checked)}
      />
      <ul className="consents">
        {consents.map((consent) => (
          <li key={consent.key}>
            <Checkbox
              name={consent.key}
              label={consent.label}
              checked={values[consent.key]}
              onChange={(event) => set(consent.key, event.target.checked)}
              error={errors[consent.key]}
              note={consent.mandatory && !errors[consent.key] ? privacyMessages.consentRequired : undefined}
            />
            <ConsentLink link={consent.link} />
          </li>
        ))}
      </ul>
      <Button type="submit" block busy={saving}>
        {privacyMessages.save}
      </Button>
      {gated ? (
        <Button
          variant="link"
          block
          onClick={() => {
            void navigate({ to: '/app/home', replace: true }).then(logout);
          }}
        >
          {authMessages.logout}
        </Button>
      ) : null}
    </form>
  );
}

/**
 * /app/privacycheck (spec §2, §5): the shop's consents, mandatory ones marked, an accept-all
 * switch, saved with POST /setuserprivacy. While the profile's checkprivacy is on this is where
 * the app keeps the user (with the privacy and terms pages).
 */
export function PrivacyCheckScreen() {
  const loggedIn = useLoggedIn();
  const consents = useQuery(optionQueryOptions('privacycheck'));
  const intro = useQuery(contentQueryOptions('privacycheck'));
  const profile = useQuery({ ...profileQueryOptions, enabled: loggedIn });
  const gated = needsPrivacyCheck(profile.data);
  const loading = consents.isPending || (loggedIn && profile.isPending);

  return (
    <div className="page">
      <h1>{accountMenuMessages.privacyConsents}</h1>
      {gated ? <p className="notice notice--info">{privacyMessages.gateIntro}</p> : null}
      {intro.data ? <HtmlContent html={intro.data} /> : null}
      {!loggedIn ? (
        <section className="card">
          <p>{privacyMessages.loginToManage}</p>
          <Link to="/auth/login" search={{ redirect: '/app/privacycheck' }} className="button button--primary button--block">
            {authMessages.loginTab}
          </Link>
        </section>
      ) : loading ? (
        <Loader />
      ) : consents.isError || profile.isError || !profile.data ? (
        <p className="notice">{appMessages.loadFailed}</p>
      ) : (
        <ConsentsForm key={profile.data.id} consents={consents.data ?? []} profile={profile.data} />
      )}
    </div>
  );
}
