// Login and Signup: the spec's validation messages beside fields, busy labels and outcome toasts.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@/domain/texts';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp } from '../support/client-render-app';

async function openLogin(api = fakeApi({ authed: false })) {
  const view = renderApp('/', { session: null, api });
  await findHeading('Welcome back');
  return view;
}

describe('Login', () => {
  it("shows 'Required' beside both fields when they are empty", async () => {
    await openLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
  });

  it("shows 'Invalid email' for a malformed address", async () => {
    await openLogin();
    await userEvent.type(screen.getByLabelText('Email Address'), 'nope');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
  });

  it('toasts the failure when the server refuses the credentials', async () => {
    const api = fakeApi({ authed: false });
    api.on('POST /auth/login', () => json({ message: 'Invalid email or password.' }, 401));
    await openLogin(api);
    await userEvent.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret@123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed. Please check your credentials.')).toBeTruthy();
  });

  it('logs in, toasts success and shows the busy label until it moves on', async () => {
    const api = fakeApi({ authed: false });
    // As with the real server's cookie, the auth check passes once the login has happened.
    let loggedIn = false;
    api.on('GET /api/auth', () => (loggedIn ? json({ status: 200 }) : json({ status: 401 }, 401)));
    api.on('POST /auth/login', () => {
      loggedIn = true;
      return json({
        token: 't',
        email: 'asha@example.com',
        name: 'Asha',
        phone: '9876543210',
        message: 'ok',
      });
    });
    const { store } = await openLogin(api);
    await userEvent.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret@123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logging in...' })).toHaveProperty('disabled', true);
    expect(store.storage?.getItem('email')).toBe('asha@example.com');
    expect(await screen.findByRole('heading', { name: 'Who are you?' }, { timeout: 10_000 })).toBeTruthy();
    // The redirect waits LOGIN_REDIRECT_DELAY_MS by design; allow for a busy machine.
  }, 20_000);

  it('toggles the password between hidden and shown', async () => {
    await openLogin();
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
  });
});

describe('Signup', () => {
  async function fillStep1() {
    await userEvent.type(screen.getByLabelText('Full Name'), 'Asha Rao');
    await userEvent.type(screen.getByLabelText('Phone Number'), '9876543210');
    await userEvent.type(screen.getByLabelText('Age'), '30');
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'female');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  }

  it('shows every step-1 message when Next is pressed on an empty form', async () => {
    renderApp('/signup', { session: null, api: fakeApi({ authed: false }) });
    await findHeading('Create your account');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    for (const m of [MSG.nameRequired, MSG.phoneRequired, MSG.ageRequired, MSG.genderRequired]) {
      expect(await screen.findByText(m)).toBeTruthy();
    }
  });

  it('rejects a phone number that is not 10 digits', async () => {
    renderApp('/signup', { session: null, api: fakeApi({ authed: false }) });
    await findHeading('Create your account');
    await userEvent.type(screen.getByLabelText('Phone Number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MSG.phoneDigits)).toBeTruthy();
  });

  it('checks the password rule and the match on step 2, and Back keeps step 1', async () => {
    renderApp('/signup', { session: null, api: fakeApi({ authed: false }) });
    await findHeading('Create your account');
    await fillStep1();
    await userEvent.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'weak');
    await userEvent.type(screen.getByLabelText('Re-Enter Password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MSG.passwordRule)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Asha Rao');
  });

  it("toasts 'Account already exits by the email' on a 409", async () => {
    const api = fakeApi({ authed: false });
    api.on('POST /auth/signup', () => json({ message: 'taken' }, 409));
    renderApp('/signup', { session: null, api });
    await findHeading('Create your account');
    await fillStep1();
    await userEvent.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret@123');
    await userEvent.type(screen.getByLabelText('Re-Enter Password'), 'Secret@123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Account already exits by the email')).toBeTruthy();
  });
});
