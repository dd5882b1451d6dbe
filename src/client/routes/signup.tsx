// Signup (/signup): two steps; step 1's values survive Back. Success toasts and returns to /.
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { useStoreLoader } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import type { Store } from '@/data';
import { ApiError } from '@/data/engine/errors';
import { signupSchema } from '@/domain/auth/schema';
import { AuthLayout } from './-components/auth-layout';
import { SignupStep1, type Step1Values } from './-components/signup-step1';
import { SignupStep2, type Step2Values } from './-components/signup-step2';

export const Route = createFileRoute('/signup')({ component: SignupPage });

const EMPTY_STEP1: Step1Values = { name: '', phone: '', age: '', gender: '' };

function SignupPage() {
  const storeLoader = useStoreLoader();
  const navigate = useNavigate();
  const t = useT();
  const [step, setStep] = useState<1 | 2>(1);
  const [step1, setStep1] = useState<Step1Values>(EMPTY_STEP1);

  async function submit(step2: Step2Values) {
    const req = v.parse(signupSchema, { ...step1, ...step2 });
    let data: typeof import('@/data');
    let store: Store;
    try {
      [data, store] = await Promise.all([import('@/data'), storeLoader.load()]);
      await data.signup(store, req);
    } catch (err) {
      if (err instanceof ApiError)
        toast.error(err.status === 409 ? t('signup.emailTaken') : t('signup.failed'));
      else window.alert(t('signup.failedRetry'));
      return;
    }
    void data
      .track(store, 'sign_up', { method: 'email', name: req.name, gender: req.gender, age: req.age })
      .catch(() => {});
    toast.success(t('signup.success'));
    await navigate({ to: '/' });
  }

  return (
    <AuthLayout title={t('signup.title')} subtitle={step === 1 ? t('signup.step1') : t('signup.step2')}>
      <ol aria-label={t('signup.progress')} className="mb-6 grid grid-cols-2 gap-2">
        {[1, 2].map((n) => (
          <li
            key={n}
            aria-current={step === n ? 'step' : undefined}
            className={`h-1.5 rounded-full ${n <= step ? 'bg-brand-600' : 'bg-slate-200'}`}
          >
            <span className="sr-only">{t('signup.stepN', { n })}</span>
          </li>
        ))}
      </ol>
      {step === 1 ? (
        <SignupStep1
          initial={step1}
          onNext={(values) => {
            setStep1(values);
            setStep(2);
          }}
        />
      ) : (
        <SignupStep2 onBack={() => setStep(1)} onSubmit={submit} />
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/" className="font-semibold text-brand-700 hover:underline">
          {t('signup.haveAccount')}
        </Link>
      </p>
    </AuthLayout>
  );
}
