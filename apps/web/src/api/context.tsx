import { messages } from '@gear/domain';
import { createContext, type ReactNode, use } from 'react';
import type { ApiClient } from './client.ts';

export interface AppConfig {
  supportPhone: string;
  /** GSDL numbers that get the HRSA billing option (spec/README.md resolution 3); absent means none. */
  hrsaGsdlNumbers?: string[];
  /** Where 'Schedule a Consult' leads (CONSULTATION_URL; the contact page by default). */
  consultationUrl?: string;
}

export interface ApiContextValue {
  api: ApiClient;
  config: AppConfig;
}

const ApiContext = createContext<ApiContextValue | null>(null);

export function ApiProvider({ value, children }: { value: ApiContextValue; children: ReactNode }) {
  return <ApiContext value={value}>{children}</ApiContext>;
}

const useApiContext = (): ApiContextValue => {
  const value = use(ApiContext);
  if (!value) throw new Error('ApiProvider is missing');
  return value;
};

export const useApi = (): ApiClient => useApiContext().api;
export const useConfig = (): AppConfig => useApiContext().config;

/** The phone-bearing messages of spec 1 §8, built from the served configuration. */
export const useMessages = () => messages(useConfig().supportPhone);
