import { Modal, message, notification } from 'antd';
import { beforeAll } from 'vitest';
import { useAppStore } from '../app/layout/appStore';
import { useCompanyChoice } from '../shared/companyChoice';
import { useConfig } from '../shared/config';
import i18n from '../shared/i18n';
import { useSession } from '../shared/session';

/**
 * The page as the first test file of a worker found it: with modules shared between files (vite.config.ts), a file
 * starts on the page the file before it left, and its stores, storage, address and language as that file left them.
 */
const pristine = { href: location.href, language: i18n.language };

/** Before each file's tests: the page, the stores, storage, cookies, address and language as they were first. */
export function startEachFileClean() {
  beforeAll(async () => {
    Modal.destroyAll();
    message.destroy();
    notification.destroy();
    localStorage.clear();
    sessionStorage.clear();
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0]?.trim();
      // biome-ignore lint/suspicious/noDocumentCookie: the test page's cookies, whatever set them, are dropped
      if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
    }
    history.replaceState(null, '', pristine.href);
    useSession.setState(useSession.getInitialState(), true);
    useCompanyChoice.setState(useCompanyChoice.getInitialState(), true);
    useConfig.setState(useConfig.getInitialState(), true);
    useAppStore.setState(useAppStore.getInitialState(), true);
    if (i18n.language !== pristine.language) await i18n.changeLanguage(pristine.language);
  });
}
