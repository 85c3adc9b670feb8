/** Providers: TanStack Query, antd (locale follows the language), the toast host, access. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { bindMessageApi, unbindMessageApi } from '@/lib/notify.ts';
import { AccessProvider } from './access-provider.tsx';

/** A query client: errors are already shown by the request client, so no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Hosts antd's context-aware toasts (message.useMessage is lighter than antd App). */
function MessageHost() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    bindMessageApi(api);
    return () => unbindMessageApi(api);
  }, [api]);
  return holder;
}

/**
 * Brand blue for primary, info and links: antd's default link blue (#1677ff) is 4.1:1 on white, below
 * WCAG AA. `zeroRuntime`: components make no styles at run time; their rules come from the static
 * `antd/dist/antd.css` (imported by main.tsx) and read these tokens as CSS variables (issue 11 item 4:
 * antd's run-time styling was 25-30 % of the render before the first report rows).
 */
const theme = {
  zeroRuntime: true,
  token: { colorPrimary: '#1f5eff', colorInfo: '#1f5eff', colorLink: '#1f5eff', borderRadius: 6 },
};

/** Wraps the app (the router goes inside, chosen by the caller). */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? enUS : zhCN;
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={locale} theme={theme}>
        <MessageHost />
        <AccessProvider>{children}</AccessProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
