import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: () => (
    <main className="grid min-h-dvh place-items-center bg-brand-50 p-6 text-center">
      <div>
        <h1 className="text-3xl font-bold text-brand-800">Carry</h1>
        <p className="text-brand-700">Monetize your travel</p>
      </div>
    </main>
  ),
});
