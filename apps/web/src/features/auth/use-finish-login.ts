import { useRouter } from '@tanstack/react-router';
import { beginSession } from '../../app/auth-session';

/** After login or signup: keep the token and go where the user was headed (default Home). */
export function useFinishLogin(redirect: string | undefined) {
  const router = useRouter();
  return (token: string) => {
    beginSession(token);
    void router.navigate({ href: redirect ?? '/app/home', replace: true });
  };
}
