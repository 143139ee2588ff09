import { authMessages } from '@farmacia/contract';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useId, useRef } from 'react';
import { LoginPanel } from './login-panel';
import { SignupForm } from './signup-form';

// The route by its id, not by importing routes.tsx: that file imports this screen (lazily), so an
// import back would be a cycle.
const routeApi = getRouteApi('/_app/auth/login');

type LoginSegment = NonNullable<ReturnType<typeof routeApi.useSearch>['segment']>;

const SEGMENTS: readonly { id: LoginSegment; label: string }[] = [
  { id: 'login', label: authMessages.loginTab },
  { id: 'signup', label: authMessages.signupTab },
];

/** /auth/login: tabs Accedi and Registrati (`?segment=`), back to `?redirect=` afterwards (spec §2). */
export function LoginScreen() {
  const search = routeApi.useSearch();
  const navigate = useNavigate({ from: '/auth/login' });
  const segment: LoginSegment = search.segment ?? 'login';
  const baseId = useId();
  const tabRefs = useRef<Record<LoginSegment, HTMLButtonElement | null>>({ login: null, signup: null });

  const select = (next: LoginSegment, focus = false) => {
    void navigate({ search: (prev) => ({ ...prev, segment: next }), replace: true });
    if (focus) tabRefs.current[next]?.focus();
  };

  // WAI-ARIA tabs: arrow keys move between the two tabs.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    select(segment === 'login' ? 'signup' : 'login', true);
  };

  return (
    <div className="page auth">
      <h1 className="visually-hidden">{segment === 'login' ? authMessages.loginTab : authMessages.signupTab}</h1>
      <div className="segments" role="tablist" aria-label={authMessages.loginOrSignup}>
        {SEGMENTS.map((s) => (
          <button
            key={s.id}
            ref={(node) => {
              tabRefs.current[s.id] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${s.id}-tab`}
            aria-selected={segment === s.id}
            aria-controls={`${baseId}-${s.id}-panel`}
            tabIndex={segment === s.id ? 0 : -1}
            className={segment === s.id ? 'segments__tab segments__tab--active' : 'segments__tab'}
            onClick={() => select(s.id)}
            onKeyDown={onKeyDown}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${segment}-panel`} aria-labelledby={`${baseId}-${segment}-tab`}>
        {segment === 'login' ? (
          <LoginPanel redirect={search.redirect} />
        ) : (
          <SignupForm redirect={search.redirect} referral={search.ref} />
        )}
      </div>
    </div>
  );
}
