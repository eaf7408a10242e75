import { Trans } from '@lingui/react/macro';
import { paths } from '@/config/paths';
import { TextLink } from './text-link';

export function BackToLogin() {
  return (
    <TextLink to={paths.auth.login()}>
      <Trans>Back to sign in</Trans>
    </TextLink>
  );
}
