// Login (/): email and password; success goes to the role choice after a second.
import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from './-components/auth-layout';
import { LoginForm } from './-components/login-form';

export const Route = createFileRoute('/')({ component: LoginPage });

function LoginPage() {
  return (
    <AuthLayout title="Welcome back" subtitle="Log in to book space on a flight, or earn from yours.">
      <LoginForm />
    </AuthLayout>
  );
}
