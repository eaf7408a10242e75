import { paths } from '@/config/paths';
import { TextLink } from './text-link';

export function BackToLogin() {
  return <TextLink to={paths.auth.login()}>Back to sign in</TextLink>;
}
