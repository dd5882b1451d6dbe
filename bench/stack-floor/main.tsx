// The smallest first screen the required stack allows: React 19, TanStack Router with one route,
// and a TanStack Form login validated by the domain's valibot schema. Its size is the floor under
// the app's first-screen JS budget; the bench builds and measures it beside the app.
import { useForm } from '@tanstack/react-form';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import * as v from 'valibot';
import { loginSchema } from '../../src/domain/auth/schema';

function Login() {
  const form = useForm({
    defaultValues: { email: '', password: '' },
    validators: {
      onSubmit: ({ value }) => (v.safeParse(loginSchema, value).success ? undefined : 'Required'),
    },
    onSubmit: async ({ value }) => {
      await fetch('/auth/login', { method: 'POST', body: JSON.stringify(value) });
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="email">
        {(f) => (
          <input
            aria-label="Email Address"
            value={f.state.value}
            onChange={(e) => f.handleChange(e.target.value)}
          />
        )}
      </form.Field>
      <form.Field name="password">
        {(f) => (
          <input
            aria-label="Password"
            value={f.state.value}
            onChange={(e) => f.handleChange(e.target.value)}
          />
        )}
      </form.Field>
      <button type="submit">Login</button>
    </form>
  );
}

const root = createRootRoute({ component: () => <Outlet /> });
const index = createRoute({ getParentRoute: () => root, path: '/', component: Login });
const router = createRouter({ routeTree: root.addChildren([index]) });
const el = document.getElementById('root');
if (el) createRoot(el).render(<RouterProvider router={router} />);
