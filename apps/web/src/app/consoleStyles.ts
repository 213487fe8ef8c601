// antd's whole stylesheet: every view but the login page waits for it (router.tsx, views.ts). The login page
// has its components' styles from the boot stylesheet (main.tsx, build/antd-prebuilt.ts).
import 'antd/dist/antd.css';
