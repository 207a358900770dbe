/*
** variants_text.c: the texts of `pul variants` in the four languages of the
** rule books, one row per id (variants_text.h), so that --lang changes every
** word of the listing and not only the titles.
*/
#include <stddef.h>

#include "pul.h"
#include "variants_text.h"

static const char *const texts[VT_COUNT][PUL_NLANGS] = {
    [VT_HELP_HEAD] = {
        "usage: pul variants [--lang L] [--json] [--path DIRS]\n\n"
        "Lists the editions (variants) found along the search path: name, players,\n"
        "title and folder. Each is loaded as 'pul play NAME' would load it; one that\n"
        "fails is listed with its error (file:line:column: code: message) and makes\n"
        "the exit code 1.\n\n"
        "A name is looked up in these folders, in this order; the first folder\n"
        "holding NAME/variant.yaml wins, and copies of the same name in later\n"
        "folders are listed as shadowed:\n"
        "  1. ./variants (from the current folder)\n"
        "  2. the folders of --path DIRS\n",
        "使い方: pul variants [--lang L] [--json] [--path DIRS]\n\n"
        "検索パスにあるエディション（ヴァリアント）を、名前・人数・タイトル・フォルダーの\n"
        "一覧で表示します。それぞれ 'pul play 名前' と同じように読み込み、読み込めない\n"
        "ものはそのエラー（ファイル:行:列: コード: メッセージ）とともに表示され、\n"
        "終了コードは 1 になります。\n\n"
        "名前は次のフォルダーをこの順に探します。最初に 名前/variant.yaml を持つ\n"
        "フォルダーが使われ、後のフォルダーにある同じ名前のものは隠れたものとして\n"
        "表示されます:\n"
        "  1. ./variants（現在のフォルダーから）\n"
        "  2. --path DIRS のフォルダー\n",
        "usage : pul variants [--lang L] [--json] [--path DOSSIERS]\n\n"
        "Liste les éditions (variantes) trouvées dans le chemin de recherche : nom,\n"
        "joueurs, titre et dossier. Chacune est chargée comme 'pul play NOM' la\n"
        "chargerait ; celle qui échoue est listée avec son erreur\n"
        "(fichier:ligne:colonne: code: message) et le code de sortie vaut 1.\n\n"
        "Un nom est cherché dans ces dossiers, dans cet ordre ; le premier dossier\n"
        "qui contient NOM/variant.yaml l'emporte, et les copies du même nom dans les\n"
        "dossiers suivants sont listées comme masquées :\n"
        "  1. ./variants (depuis le dossier courant)\n"
        "  2. les dossiers de --path DOSSIERS\n",
        "uso: pul variants [--lang L] [--json] [--path CARPETAS]\n\n"
        "Lista las ediciones (variantes) halladas en la ruta de búsqueda: nombre,\n"
        "jugadores, título y carpeta. Cada una se carga como la cargaría\n"
        "'pul play NOMBRE'; la que falla se lista con su error\n"
        "(archivo:línea:columna: código: mensaje) y el código de salida es 1.\n\n"
        "Un nombre se busca en estas carpetas, en este orden; gana la primera\n"
        "carpeta que contiene NOMBRE/variant.yaml, y las copias del mismo nombre en\n"
        "carpetas posteriores se listan como ocultas:\n"
        "  1. ./variants (desde la carpeta actual)\n"
        "  2. las carpetas de --path CARPETAS\n",
    },
    [VT_HELP_BUILD_TREE] = {
        "     then %s (this pul runs from its build tree, so the\n"
        "     source tree's editions are found from any directory)\n",
        "     続いて %s（この pul はビルドしたフォルダーから動いているので、\n"
        "     ソースのエディションがどのフォルダーからも見つかります）\n",
        "     puis %s (ce pul tourne depuis son dossier de compilation : les\n"
        "     éditions des sources sont trouvées depuis n'importe quel dossier)\n",
        "     y luego %s (este pul se ejecuta desde su carpeta de compilación: las\n"
        "     ediciones de las fuentes se encuentran desde cualquier carpeta)\n",
    },
    [VT_HELP_DATA_DIR] = {
        "  3. %s/variants (the installed data folder)\n",
        "  3. %s/variants（インストールされたデータのフォルダー）\n",
        "  3. %s/variants (le dossier des données installées)\n",
        "  3. %s/variants (la carpeta de datos instalada)\n",
    },
    [VT_HELP_TAIL] = {
        "  4. the folders of $PUL_PATH\n"
        "Folders are ':'-separated.\n\n"
        "Options:\n"
        "  --lang L       language of the listing: en, ja, fr or es (default en)\n"
        "  --json         one JSON object per edition, one per line\n"
        "  --path DIRS    extra folders to search, after ./variants\n"
        "  -h, --help     show this text (in the language of --lang)\n\n"
        "Exit codes: 0 every edition loads, 1 some edition fails to load, 2 bad usage.\n",
        "  4. $PUL_PATH のフォルダー\n"
        "フォルダーは ':' で区切ります。\n\n"
        "オプション:\n"
        "  --lang L       一覧の言語: en, ja, fr, es（既定 en）\n"
        "  --json         エディションごとに一行の JSON オブジェクト\n"
        "  --path DIRS    ./variants の後に探すフォルダー\n"
        "  -h, --help     この説明を表示（--lang の言語で）\n\n"
        "終了コード: 0 すべて読み込める, 1 読み込めないエディションがある, 2 使い方の誤り。\n",
        "  4. les dossiers de $PUL_PATH\n"
        "Les dossiers sont séparés par ':'.\n\n"
        "Options :\n"
        "  --lang L       langue de la liste : en, ja, fr ou es (en par défaut)\n"
        "  --json         un objet JSON par édition, un par ligne\n"
        "  --path DOSSIERS  dossiers de plus où chercher, après ./variants\n"
        "  -h, --help     affiche ce texte (dans la langue de --lang)\n\n"
        "Codes de sortie : 0 toutes les éditions se chargent, 1 une édition ne se\n"
        "charge pas, 2 mauvais usage.\n",
        "  4. las carpetas de $PUL_PATH\n"
        "Las carpetas se separan con ':'.\n\n"
        "Opciones:\n"
        "  --lang L       idioma de la lista: en, ja, fr o es (en por defecto)\n"
        "  --json         un objeto JSON por edición, uno por línea\n"
        "  --path CARPETAS  carpetas adicionales donde buscar, tras ./variants\n"
        "  -h, --help     muestra este texto (en el idioma de --lang)\n\n"
        "Códigos de salida: 0 todas las ediciones se cargan, 1 alguna edición no se\n"
        "carga, 2 uso incorrecto.\n",
    },
    [VT_HEAD_NAME] = {"name", "名前", "nom", "nombre"},
    [VT_HEAD_PLAYERS] = {"players", "人数", "joueurs", "jugadores"},
    [VT_HEAD_TITLE] = {"title", "タイトル", "titre", "título"},
    [VT_HEAD_FOLDER] = {"folder", "フォルダー", "dossier", "carpeta"},
    [VT_PLAYERS_ONE] = {"%d player", "%d 人", "%d joueur", "%d jugador"},
    [VT_PLAYERS_EXACT] = {"%d players", "%d 人", "%d joueurs", "%d jugadores"},
    [VT_PLAYERS_RANGE] = {"%d-%d players", "%d〜%d 人", "%d à %d joueurs", "%d a %d jugadores"},
    [VT_FAILS] = {"FAILS TO LOAD", "読み込めません", "NE SE CHARGE PAS", "NO SE CARGA"},
    [VT_SHADOWS] = {
        "shadows %s (same name, later on the search path: opened only through extends)",
        "%s を隠しています（同じ名前で検索パスの後にあるもの。extends からのみ開かれます）",
        "masque %s (même nom, plus loin dans le chemin de recherche : ouvert seulement par "
        "extends)",
        "oculta %s (mismo nombre, más adelante en la ruta de búsqueda: solo se abre con "
        "extends)",
    },
    [VT_NONE_FOUND] = {
        "no editions found along the search path (see pul variants --help)",
        "検索パスにエディションが見つかりません（pul variants --help を参照）",
        "aucune édition trouvée dans le chemin de recherche (voir pul variants --help)",
        "no se encontró ninguna edición en la ruta de búsqueda (vea pul variants --help)",
    },
    [VT_BAD_LANG] = {
        "--lang takes en, ja, fr or es, not \"%s\"",
        "--lang には en, ja, fr, es のいずれかを指定してください（\"%s\" ではなく）",
        "--lang prend en, ja, fr ou es, pas \"%s\"",
        "--lang admite en, ja, fr o es, no \"%s\"",
    },
    [VT_UNEXPECTED] = {
        "unexpected argument \"%s\" (see pul variants --help)",
        "余分な引数 \"%s\"（pul variants --help を参照）",
        "argument inattendu \"%s\" (voir pul variants --help)",
        "argumento inesperado \"%s\" (vea pul variants --help)",
    },
};

const char *variants_text(int id, int lang) {
    if (id < 0 || id >= VT_COUNT) return "";
    if (lang < 0 || lang >= PUL_NLANGS) lang = PUL_LANG_EN;
    return texts[id][lang];
}
