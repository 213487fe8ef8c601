import { create } from 'zustand';

/** 选择企业 itself, or straight to its 创建企业 / 加入企业 form. */
type CompanyChoice = 'switch' | 'create' | 'join';

interface CompanyChoiceState {
  asked: CompanyChoice | null;
  ask: (choice: CompanyChoice) => void;
  answered: () => void;
}

/**
 * A request to open 选择企业 (or one of its forms) from anywhere in the console: the workbench of someone in no
 * company, the phone header's company name. The account menu, which holds those dialogs, opens it.
 */
export const useCompanyChoice = create<CompanyChoiceState>((set) => ({
  asked: null,
  ask: (choice) => set({ asked: choice }),
  answered: () => set({ asked: null }),
}));

/** The query of the caller's own join applications (the newcomer's workbench); a sent application refreshes it. */
export const MY_APPLICATIONS_KEY = ['company', 'myApplications'] as const;
