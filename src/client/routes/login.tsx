// /login: the login screen's other spelling, kept for old links; it opens / (with its search).
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ location }) => {
    throw redirect({ href: `/${location.searchStr}`, replace: true });
  },
});
