_gridforge() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="gridforge"
                ;;
            gridforge,admin)
                cmd="gridforge__subcmd__admin"
                ;;
            gridforge,backup)
                cmd="gridforge__subcmd__backup"
                ;;
            gridforge,chess)
                cmd="gridforge__subcmd__chess"
                ;;
            gridforge,health)
                cmd="gridforge__subcmd__health"
                ;;
            gridforge,help)
                cmd="gridforge__subcmd__help"
                ;;
            gridforge,kakuro)
                cmd="gridforge__subcmd__kakuro"
                ;;
            gridforge,serve)
                cmd="gridforge__subcmd__serve"
                ;;
            gridforge,triplex)
                cmd="gridforge__subcmd__triplex"
                ;;
            gridforge__subcmd__admin,approve)
                cmd="gridforge__subcmd__admin__subcmd__approve"
                ;;
            gridforge__subcmd__admin,audit)
                cmd="gridforge__subcmd__admin__subcmd__audit"
                ;;
            gridforge__subcmd__admin,ban)
                cmd="gridforge__subcmd__admin__subcmd__ban"
                ;;
            gridforge__subcmd__admin,help)
                cmd="gridforge__subcmd__admin__subcmd__help"
                ;;
            gridforge__subcmd__admin,names)
                cmd="gridforge__subcmd__admin__subcmd__names"
                ;;
            gridforge__subcmd__admin,review)
                cmd="gridforge__subcmd__admin__subcmd__review"
                ;;
            gridforge__subcmd__admin,void)
                cmd="gridforge__subcmd__admin__subcmd__void"
                ;;
            gridforge__subcmd__admin__subcmd__help,approve)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__approve"
                ;;
            gridforge__subcmd__admin__subcmd__help,audit)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__audit"
                ;;
            gridforge__subcmd__admin__subcmd__help,ban)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__ban"
                ;;
            gridforge__subcmd__admin__subcmd__help,help)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__help"
                ;;
            gridforge__subcmd__admin__subcmd__help,names)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__names"
                ;;
            gridforge__subcmd__admin__subcmd__help,review)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__review"
                ;;
            gridforge__subcmd__admin__subcmd__help,void)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__void"
                ;;
            gridforge__subcmd__admin__subcmd__help__subcmd__names,hide)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__names__subcmd__hide"
                ;;
            gridforge__subcmd__admin__subcmd__help__subcmd__names,list)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__names__subcmd__list"
                ;;
            gridforge__subcmd__admin__subcmd__help__subcmd__names,log)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__names__subcmd__log"
                ;;
            gridforge__subcmd__admin__subcmd__help__subcmd__names,rename)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__names__subcmd__rename"
                ;;
            gridforge__subcmd__admin__subcmd__help__subcmd__names,unhide)
                cmd="gridforge__subcmd__admin__subcmd__help__subcmd__names__subcmd__unhide"
                ;;
            gridforge__subcmd__admin__subcmd__names,help)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__help"
                ;;
            gridforge__subcmd__admin__subcmd__names,hide)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__hide"
                ;;
            gridforge__subcmd__admin__subcmd__names,list)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__list"
                ;;
            gridforge__subcmd__admin__subcmd__names,log)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__log"
                ;;
            gridforge__subcmd__admin__subcmd__names,rename)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__rename"
                ;;
            gridforge__subcmd__admin__subcmd__names,unhide)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__unhide"
                ;;
            gridforge__subcmd__admin__subcmd__names__subcmd__help,help)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__help"
                ;;
            gridforge__subcmd__admin__subcmd__names__subcmd__help,hide)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__hide"
                ;;
            gridforge__subcmd__admin__subcmd__names__subcmd__help,list)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__list"
                ;;
            gridforge__subcmd__admin__subcmd__names__subcmd__help,log)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__log"
                ;;
            gridforge__subcmd__admin__subcmd__names__subcmd__help,rename)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__rename"
                ;;
            gridforge__subcmd__admin__subcmd__names__subcmd__help,unhide)
                cmd="gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__unhide"
                ;;
            gridforge__subcmd__chess,book)
                cmd="gridforge__subcmd__chess__subcmd__book"
                ;;
            gridforge__subcmd__chess,check)
                cmd="gridforge__subcmd__chess__subcmd__check"
                ;;
            gridforge__subcmd__chess,generate)
                cmd="gridforge__subcmd__chess__subcmd__generate"
                ;;
            gridforge__subcmd__chess,help)
                cmd="gridforge__subcmd__chess__subcmd__help"
                ;;
            gridforge__subcmd__chess,pairs)
                cmd="gridforge__subcmd__chess__subcmd__pairs"
                ;;
            gridforge__subcmd__chess,symmetries)
                cmd="gridforge__subcmd__chess__subcmd__symmetries"
                ;;
            gridforge__subcmd__chess,web-pack)
                cmd="gridforge__subcmd__chess__subcmd__web__subcmd__pack"
                ;;
            gridforge__subcmd__chess__subcmd__help,book)
                cmd="gridforge__subcmd__chess__subcmd__help__subcmd__book"
                ;;
            gridforge__subcmd__chess__subcmd__help,check)
                cmd="gridforge__subcmd__chess__subcmd__help__subcmd__check"
                ;;
            gridforge__subcmd__chess__subcmd__help,generate)
                cmd="gridforge__subcmd__chess__subcmd__help__subcmd__generate"
                ;;
            gridforge__subcmd__chess__subcmd__help,help)
                cmd="gridforge__subcmd__chess__subcmd__help__subcmd__help"
                ;;
            gridforge__subcmd__chess__subcmd__help,pairs)
                cmd="gridforge__subcmd__chess__subcmd__help__subcmd__pairs"
                ;;
            gridforge__subcmd__chess__subcmd__help,symmetries)
                cmd="gridforge__subcmd__chess__subcmd__help__subcmd__symmetries"
                ;;
            gridforge__subcmd__chess__subcmd__help,web-pack)
                cmd="gridforge__subcmd__chess__subcmd__help__subcmd__web__subcmd__pack"
                ;;
            gridforge__subcmd__help,admin)
                cmd="gridforge__subcmd__help__subcmd__admin"
                ;;
            gridforge__subcmd__help,backup)
                cmd="gridforge__subcmd__help__subcmd__backup"
                ;;
            gridforge__subcmd__help,chess)
                cmd="gridforge__subcmd__help__subcmd__chess"
                ;;
            gridforge__subcmd__help,health)
                cmd="gridforge__subcmd__help__subcmd__health"
                ;;
            gridforge__subcmd__help,help)
                cmd="gridforge__subcmd__help__subcmd__help"
                ;;
            gridforge__subcmd__help,kakuro)
                cmd="gridforge__subcmd__help__subcmd__kakuro"
                ;;
            gridforge__subcmd__help,serve)
                cmd="gridforge__subcmd__help__subcmd__serve"
                ;;
            gridforge__subcmd__help,triplex)
                cmd="gridforge__subcmd__help__subcmd__triplex"
                ;;
            gridforge__subcmd__help__subcmd__admin,approve)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__approve"
                ;;
            gridforge__subcmd__help__subcmd__admin,audit)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__audit"
                ;;
            gridforge__subcmd__help__subcmd__admin,ban)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__ban"
                ;;
            gridforge__subcmd__help__subcmd__admin,names)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__names"
                ;;
            gridforge__subcmd__help__subcmd__admin,review)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__review"
                ;;
            gridforge__subcmd__help__subcmd__admin,void)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__void"
                ;;
            gridforge__subcmd__help__subcmd__admin__subcmd__names,hide)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__names__subcmd__hide"
                ;;
            gridforge__subcmd__help__subcmd__admin__subcmd__names,list)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__names__subcmd__list"
                ;;
            gridforge__subcmd__help__subcmd__admin__subcmd__names,log)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__names__subcmd__log"
                ;;
            gridforge__subcmd__help__subcmd__admin__subcmd__names,rename)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__names__subcmd__rename"
                ;;
            gridforge__subcmd__help__subcmd__admin__subcmd__names,unhide)
                cmd="gridforge__subcmd__help__subcmd__admin__subcmd__names__subcmd__unhide"
                ;;
            gridforge__subcmd__help__subcmd__chess,book)
                cmd="gridforge__subcmd__help__subcmd__chess__subcmd__book"
                ;;
            gridforge__subcmd__help__subcmd__chess,check)
                cmd="gridforge__subcmd__help__subcmd__chess__subcmd__check"
                ;;
            gridforge__subcmd__help__subcmd__chess,generate)
                cmd="gridforge__subcmd__help__subcmd__chess__subcmd__generate"
                ;;
            gridforge__subcmd__help__subcmd__chess,pairs)
                cmd="gridforge__subcmd__help__subcmd__chess__subcmd__pairs"
                ;;
            gridforge__subcmd__help__subcmd__chess,symmetries)
                cmd="gridforge__subcmd__help__subcmd__chess__subcmd__symmetries"
                ;;
            gridforge__subcmd__help__subcmd__chess,web-pack)
                cmd="gridforge__subcmd__help__subcmd__chess__subcmd__web__subcmd__pack"
                ;;
            gridforge__subcmd__help__subcmd__kakuro,book)
                cmd="gridforge__subcmd__help__subcmd__kakuro__subcmd__book"
                ;;
            gridforge__subcmd__help__subcmd__kakuro,combos)
                cmd="gridforge__subcmd__help__subcmd__kakuro__subcmd__combos"
                ;;
            gridforge__subcmd__help__subcmd__kakuro,generate)
                cmd="gridforge__subcmd__help__subcmd__kakuro__subcmd__generate"
                ;;
            gridforge__subcmd__help__subcmd__kakuro,hint)
                cmd="gridforge__subcmd__help__subcmd__kakuro__subcmd__hint"
                ;;
            gridforge__subcmd__help__subcmd__kakuro,rate)
                cmd="gridforge__subcmd__help__subcmd__kakuro__subcmd__rate"
                ;;
            gridforge__subcmd__help__subcmd__kakuro,solve)
                cmd="gridforge__subcmd__help__subcmd__kakuro__subcmd__solve"
                ;;
            gridforge__subcmd__help__subcmd__kakuro,web-pack)
                cmd="gridforge__subcmd__help__subcmd__kakuro__subcmd__web__subcmd__pack"
                ;;
            gridforge__subcmd__help__subcmd__triplex,blockpuzzle-levels)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__blockpuzzle__subcmd__levels"
                ;;
            gridforge__subcmd__help__subcmd__triplex,book)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__book"
                ;;
            gridforge__subcmd__help__subcmd__triplex,census)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__census"
                ;;
            gridforge__subcmd__help__subcmd__triplex,chain-vectors)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__chain__subcmd__vectors"
                ;;
            gridforge__subcmd__help__subcmd__triplex,export-html)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__export__subcmd__html"
                ;;
            gridforge__subcmd__help__subcmd__triplex,game-levels)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__game__subcmd__levels"
                ;;
            gridforge__subcmd__help__subcmd__triplex,hint)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__hint"
                ;;
            gridforge__subcmd__help__subcmd__triplex,pack)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__pack"
                ;;
            gridforge__subcmd__help__subcmd__triplex,solve)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__solve"
                ;;
            gridforge__subcmd__help__subcmd__triplex,stats)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__stats"
                ;;
            gridforge__subcmd__help__subcmd__triplex,web-pack)
                cmd="gridforge__subcmd__help__subcmd__triplex__subcmd__web__subcmd__pack"
                ;;
            gridforge__subcmd__kakuro,book)
                cmd="gridforge__subcmd__kakuro__subcmd__book"
                ;;
            gridforge__subcmd__kakuro,combos)
                cmd="gridforge__subcmd__kakuro__subcmd__combos"
                ;;
            gridforge__subcmd__kakuro,generate)
                cmd="gridforge__subcmd__kakuro__subcmd__generate"
                ;;
            gridforge__subcmd__kakuro,help)
                cmd="gridforge__subcmd__kakuro__subcmd__help"
                ;;
            gridforge__subcmd__kakuro,hint)
                cmd="gridforge__subcmd__kakuro__subcmd__hint"
                ;;
            gridforge__subcmd__kakuro,rate)
                cmd="gridforge__subcmd__kakuro__subcmd__rate"
                ;;
            gridforge__subcmd__kakuro,solve)
                cmd="gridforge__subcmd__kakuro__subcmd__solve"
                ;;
            gridforge__subcmd__kakuro,web-pack)
                cmd="gridforge__subcmd__kakuro__subcmd__web__subcmd__pack"
                ;;
            gridforge__subcmd__kakuro__subcmd__help,book)
                cmd="gridforge__subcmd__kakuro__subcmd__help__subcmd__book"
                ;;
            gridforge__subcmd__kakuro__subcmd__help,combos)
                cmd="gridforge__subcmd__kakuro__subcmd__help__subcmd__combos"
                ;;
            gridforge__subcmd__kakuro__subcmd__help,generate)
                cmd="gridforge__subcmd__kakuro__subcmd__help__subcmd__generate"
                ;;
            gridforge__subcmd__kakuro__subcmd__help,help)
                cmd="gridforge__subcmd__kakuro__subcmd__help__subcmd__help"
                ;;
            gridforge__subcmd__kakuro__subcmd__help,hint)
                cmd="gridforge__subcmd__kakuro__subcmd__help__subcmd__hint"
                ;;
            gridforge__subcmd__kakuro__subcmd__help,rate)
                cmd="gridforge__subcmd__kakuro__subcmd__help__subcmd__rate"
                ;;
            gridforge__subcmd__kakuro__subcmd__help,solve)
                cmd="gridforge__subcmd__kakuro__subcmd__help__subcmd__solve"
                ;;
            gridforge__subcmd__kakuro__subcmd__help,web-pack)
                cmd="gridforge__subcmd__kakuro__subcmd__help__subcmd__web__subcmd__pack"
                ;;
            gridforge__subcmd__triplex,blockpuzzle-levels)
                cmd="gridforge__subcmd__triplex__subcmd__blockpuzzle__subcmd__levels"
                ;;
            gridforge__subcmd__triplex,book)
                cmd="gridforge__subcmd__triplex__subcmd__book"
                ;;
            gridforge__subcmd__triplex,census)
                cmd="gridforge__subcmd__triplex__subcmd__census"
                ;;
            gridforge__subcmd__triplex,chain-vectors)
                cmd="gridforge__subcmd__triplex__subcmd__chain__subcmd__vectors"
                ;;
            gridforge__subcmd__triplex,export-html)
                cmd="gridforge__subcmd__triplex__subcmd__export__subcmd__html"
                ;;
            gridforge__subcmd__triplex,game-levels)
                cmd="gridforge__subcmd__triplex__subcmd__game__subcmd__levels"
                ;;
            gridforge__subcmd__triplex,help)
                cmd="gridforge__subcmd__triplex__subcmd__help"
                ;;
            gridforge__subcmd__triplex,hint)
                cmd="gridforge__subcmd__triplex__subcmd__hint"
                ;;
            gridforge__subcmd__triplex,pack)
                cmd="gridforge__subcmd__triplex__subcmd__pack"
                ;;
            gridforge__subcmd__triplex,solve)
                cmd="gridforge__subcmd__triplex__subcmd__solve"
                ;;
            gridforge__subcmd__triplex,stats)
                cmd="gridforge__subcmd__triplex__subcmd__stats"
                ;;
            gridforge__subcmd__triplex,web-pack)
                cmd="gridforge__subcmd__triplex__subcmd__web__subcmd__pack"
                ;;
            gridforge__subcmd__triplex__subcmd__help,blockpuzzle-levels)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__blockpuzzle__subcmd__levels"
                ;;
            gridforge__subcmd__triplex__subcmd__help,book)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__book"
                ;;
            gridforge__subcmd__triplex__subcmd__help,census)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__census"
                ;;
            gridforge__subcmd__triplex__subcmd__help,chain-vectors)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__chain__subcmd__vectors"
                ;;
            gridforge__subcmd__triplex__subcmd__help,export-html)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__export__subcmd__html"
                ;;
            gridforge__subcmd__triplex__subcmd__help,game-levels)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__game__subcmd__levels"
                ;;
            gridforge__subcmd__triplex__subcmd__help,help)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__help"
                ;;
            gridforge__subcmd__triplex__subcmd__help,hint)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__hint"
                ;;
            gridforge__subcmd__triplex__subcmd__help,pack)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__pack"
                ;;
            gridforge__subcmd__triplex__subcmd__help,solve)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__solve"
                ;;
            gridforge__subcmd__triplex__subcmd__help,stats)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__stats"
                ;;
            gridforge__subcmd__triplex__subcmd__help,web-pack)
                cmd="gridforge__subcmd__triplex__subcmd__help__subcmd__web__subcmd__pack"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        gridforge)
            opts="-h -V --help --version triplex chess kakuro serve admin backup health help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin)
            opts="-h -V --help --version names review approve void ban audit help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__approve)
            opts="-h -V --database --actor --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --actor)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__audit)
            opts="-h -V --database --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__ban)
            opts="-h -V --reason --database --actor --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --reason)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --actor)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help)
            opts="names review approve void ban audit help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__approve)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__audit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__ban)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__names)
            opts="list hide unhide rename log"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__names__subcmd__hide)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__names__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__names__subcmd__log)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__names__subcmd__rename)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__names__subcmd__unhide)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__review)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__help__subcmd__void)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names)
            opts="-h -V --help --version list hide unhide rename log help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__help)
            opts="list hide unhide rename log help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__hide)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__log)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__rename)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__help__subcmd__unhide)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__hide)
            opts="-h -V --database --actor --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --actor)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__list)
            opts="-h -V --database --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__log)
            opts="-h -V --database --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__rename)
            opts="-h -V --database --actor --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --actor)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__names__subcmd__unhide)
            opts="-h -V --database --actor --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --actor)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__review)
            opts="-h -V --database --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__admin__subcmd__void)
            opts="-h -V --reason --database --actor --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --reason)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --actor)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__backup)
            opts="-h -V --database --out --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess)
            opts="-h -V --help --version generate check symmetries pairs book web-pack help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__book)
            opts="-h -V --count --seed --input --out --force --format --paper --bleed --crop-marks --per-page --title --subtitle --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --input)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "pdf svg png" -- "${cur}"))
                    return 0
                    ;;
                --paper)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --per-page)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --title)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subtitle)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__check)
            opts="-h -V --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__generate)
            opts="-h -V --count --seed --method --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --method)
                    COMPREPLY=($(compgen -W "backtrack restart" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__help)
            opts="generate check symmetries pairs book web-pack help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__help__subcmd__book)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__help__subcmd__check)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__help__subcmd__generate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__help__subcmd__pairs)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__help__subcmd__symmetries)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__help__subcmd__web__subcmd__pack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__pairs)
            opts="-h -V --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__symmetries)
            opts="-h -V --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__chess__subcmd__web__subcmd__pack)
            opts="-h -V --out --count --seed --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__health)
            opts="-h -V --addr --timeout --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --addr)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help)
            opts="triplex chess kakuro serve admin backup health help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin)
            opts="names review approve void ban audit"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__approve)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__audit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__ban)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__names)
            opts="list hide unhide rename log"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__names__subcmd__hide)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__names__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__names__subcmd__log)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__names__subcmd__rename)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__names__subcmd__unhide)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__review)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__admin__subcmd__void)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__backup)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__chess)
            opts="generate check symmetries pairs book web-pack"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__chess__subcmd__book)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__chess__subcmd__check)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__chess__subcmd__generate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__chess__subcmd__pairs)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__chess__subcmd__symmetries)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__chess__subcmd__web__subcmd__pack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__health)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__kakuro)
            opts="generate solve rate hint combos book web-pack"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__kakuro__subcmd__book)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__kakuro__subcmd__combos)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__kakuro__subcmd__generate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__kakuro__subcmd__hint)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__kakuro__subcmd__rate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__kakuro__subcmd__solve)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__kakuro__subcmd__web__subcmd__pack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__serve)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex)
            opts="solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__blockpuzzle__subcmd__levels)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__book)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__census)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__chain__subcmd__vectors)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__export__subcmd__html)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__game__subcmd__levels)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__hint)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__pack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__solve)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__stats)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__help__subcmd__triplex__subcmd__web__subcmd__pack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro)
            opts="-h -V --help --version generate solve rate hint combos book web-pack help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__book)
            opts="-h -V --size --width --height --difficulty --mix --seed --count --input --out --force --format --paper --bleed --crop-marks --per-page --title --subtitle --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --height)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --difficulty)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --input)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "pdf svg png" -- "${cur}"))
                    return 0
                    ;;
                --paper)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --per-page)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --title)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subtitle)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__combos)
            opts="-h -V --placed --excluded --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --placed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --excluded)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__generate)
            opts="-h -V --size --width --height --difficulty --seed --count --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --height)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --difficulty)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__help)
            opts="generate solve rate hint combos book web-pack help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__help__subcmd__book)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__help__subcmd__combos)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__help__subcmd__generate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__help__subcmd__hint)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__help__subcmd__rate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__help__subcmd__solve)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__help__subcmd__web__subcmd__pack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__hint)
            opts="-h -V --candidates --budget --timeout --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --candidates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__rate)
            opts="-h -V --budget --timeout --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__solve)
            opts="-h -V --budget --timeout --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__kakuro__subcmd__web__subcmd__pack)
            opts="-h -V --out --seed --count --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__serve)
            opts="-h -V --addr --socket-mode --tls-cert --tls-key --test-clock-file --database --db-connections --rate-limit --rate-burst --compute-slots --header-timeout --idle-timeout --request-timeout --max-connections --trusted-proxy --metrics-addr --public-url --accounts-per-day --provisional-days --dailies-every --dailies-archive-days --ipv6-prefix --compute-budget --compute-window --compute-queue --compute-deadline --read-rate-limit --read-rate-burst --prune-every --abandoned-after --uncounted-per-daily --log-format --log --access-log --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --addr)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --socket-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tls-cert)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tls-key)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --test-clock-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db-connections)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --compute-slots)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --header-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --idle-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-connections)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --trusted-proxy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --metrics-addr)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --public-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accounts-per-day)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --provisional-days)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dailies-every)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dailies-archive-days)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ipv6-prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --compute-budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --compute-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --compute-queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --compute-deadline)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-rate-limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-rate-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --prune-every)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --abandoned-after)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --uncounted-per-daily)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --log-format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --log)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --access-log)
                    COMPREPLY=($(compgen -W "text json off" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex)
            opts="-h -V --help --version solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__blockpuzzle__subcmd__levels)
            opts="-h -V --out --max-area --threads --seed --budget --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-area)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__book)
            opts="-h -V --levels --input --family --out --force --format --paper --bleed --crop-marks --per-page --title --subtitle --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --levels)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --input)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --family)
                    COMPREPLY=($(compgen -W "triplex blockpuzzle" -- "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "pdf svg png" -- "${cur}"))
                    return 0
                    ;;
                --paper)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --per-page)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --title)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subtitle)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__census)
            opts="-h -V --width --height --max-area --threads --seed --budget --pieces --json --select --plot --workers --hostfile --process --local-processes --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --height)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-area)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pieces)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --workers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hostfile)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --process)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --local-processes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__chain__subcmd__vectors)
            opts="-h -V --count --family --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --family)
                    COMPREPLY=($(compgen -W "triplex blockpuzzle" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__export__subcmd__html)
            opts="-h -V --out --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__game__subcmd__levels)
            opts="-h -V --out --threads --seed --budget --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help)
            opts="solve hint census pack game-levels blockpuzzle-levels stats web-pack chain-vectors book export-html help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__blockpuzzle__subcmd__levels)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__book)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__census)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__chain__subcmd__vectors)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__export__subcmd__html)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__game__subcmd__levels)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__hint)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__pack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__solve)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__stats)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__help__subcmd__web__subcmd__pack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__hint)
            opts="-h -V --placed --budget --timeout --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --placed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__pack)
            opts="-h -V --max-area --out --game --threads --seed --budget --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-area)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__solve)
            opts="-h -V --limit --budget --timeout --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__stats)
            opts="-h -V --database --min-solves --top --json --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --database)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-solves)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --top)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        gridforge__subcmd__triplex__subcmd__web__subcmd__pack)
            opts="-h -V --out --family --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --family)
                    COMPREPLY=($(compgen -W "triplex blockpuzzle" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _gridforge -o nosort -o bashdefault -o default gridforge
else
    complete -F _gridforge -o bashdefault -o default gridforge
fi
