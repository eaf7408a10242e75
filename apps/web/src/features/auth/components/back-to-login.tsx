import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function BackToLogin() {
  return (
    <Link
      to={paths.auth.login()}
      className="font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      Back to sign in
    </Link>
  );
}
