// Plain HTTP against the e2e server, as a second client would call it: sign up, log in, and read
// back what the server holds. Writes carry the Origin header the server checks.

export interface TestUser {
  name: string;
  phone: string;
  age: number;
  gender: 'male' | 'female' | 'other';
  email: string;
  password: string;
}

export function testUser(label: string, run: string): TestUser {
  return {
    name: `${label} Tester`,
    phone: '9876543210',
    age: 30,
    gender: 'female',
    email: `${label.toLowerCase()}-${run}@example.com`,
    password: 'Carry@2024',
  };
}

export class Api {
  constructor(
    readonly url: string,
    private token = '',
  ) {}

  private async request(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { Origin: this.url };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${this.url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request(method, path, body);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Signs up (unless the account exists) and logs in as `user`. */
  async signIn(user: TestUser): Promise<Api> {
    const { password, ...rest } = user;
    const signup = await this.request('POST', '/auth/signup', {
      ...rest,
      password,
      confirmPassword: password,
    });
    if (!signup.ok && signup.status !== 409) throw new Error(`signup answered ${signup.status}`);
    const { token } = await this.json<{ token: string }>('POST', '/auth/login', {
      email: user.email,
      password,
    });
    return new Api(this.url, token);
  }

  /** Ends the session behind `token` on the server (as an expiry would). */
  async revoke(token: string): Promise<void> {
    await new Api(this.url, token).json('POST', '/auth/logout');
  }

  listings(email: string) {
    return this.json<Array<{ id: string; flightNo: string; available: number }>>(
      'GET',
      `/api/listings/${encodeURIComponent(email)}`,
    );
  }

  orders(email: string) {
    return this.json<{ bookings: Array<{ id: string; listingId: string; status: string; weight: number }> }>(
      'GET',
      `/api/orders?email=${encodeURIComponent(email)}`,
    ).then((r) => r.bookings);
  }

  carrierOrders(email: string) {
    return this.json<{ bookings: Array<{ id: string; listingId: string; status: string; weight: number }> }>(
      'GET',
      `/api/carrier-orders?email=${encodeURIComponent(email)}`,
    ).then((r) => r.bookings);
  }

  profile(email: string) {
    type Counts = { pending: number; completed: number; declined: number };
    return this.json<{ bookings: { carrier: Counts; passenger: Counts; sender: Counts } }>(
      'GET',
      `/api/profile/${encodeURIComponent(email)}`,
    );
  }
}
