import { PictureOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MaterialPicker } from '../../../shared/pickers/MaterialPicker';

/** An article's thumbnail: the image, 选择缩略图 (from the material library) and 移除. */
export function ThumbnailField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t } = useTranslation('articles');
  const [pickerOpen, setPickerOpen] = useState(false);
  return (
    <>
      {/* Wrapped on a phone: the image and both buttons are wider than its card in English. */}
      <Space wrap>
        {value && (
          <img
            src={value}
            alt={t('editor.thumbnail')}
            data-testid="article-thumbnail"
            style={{ width: 96, height: 64, objectFit: 'cover', borderRadius: 4 }}
          />
        )}
        <Button icon={<PictureOutlined />} onClick={() => setPickerOpen(true)}>
          {t('editor.chooseThumbnail')}
        </Button>
        {value && (
          <Button type="link" danger onClick={() => onChange('')}>
            {t('editor.removeThumbnail')}
          </Button>
        )}
      </Space>
      <MaterialPicker
        open={pickerOpen}
        fileType={2}
        max={1}
        onCancel={() => setPickerOpen(false)}
        onOk={(files) => {
          setPickerOpen(false);
          onChange(files[0]?.url ?? '');
        }}
      />
    </>
  );
}
