// Any path no screen has: behind the login like the screens (a visitor without a session goes to
// log in first, SPEC section 2), then 'Page not found' with the header.
import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from './-components/not-found';

export const Route = createFileRoute('/_authed/$')({ component: NotFound });
